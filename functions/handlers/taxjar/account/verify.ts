// POST /taxjar/v2/verify: whether the key works, as TaxJar's Magento 2 extension asks before it
// connects. Reaching the handler means the key authenticated; a key that does not is 401.

import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { TAXJAR_VERIFY } from '../../../manifest/routes/taxjar';
import { TaxjarVerifySchema } from '../../../schemas/taxjar';

export const handler = postHandler(TAXJAR_VERIFY, { body: TaxjarVerifySchema }, async () => ok({ valid: true, enabled: true, plus: false }));
