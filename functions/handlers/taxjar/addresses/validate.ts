// POST /taxjar/v2/addresses/validate: the places a ZIP code names (its state, county and city), as
// TaxJar's ZIP-only validation answers; there is no street data to correct a street with.

import { content } from '../../../composition-root';
import { validateAddress } from '../../../core/taxjar/addresses';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { TAXJAR_ADDRESSES_VALIDATE } from '../../../manifest/routes/taxjar';
import { TaxjarAddressValidationSchema } from '../../../schemas/taxjar';

export const handler = postHandler(TAXJAR_ADDRESSES_VALIDATE, { body: TaxjarAddressValidationSchema }, async (request) =>
  ok({ addresses: validateAddress(request.body, (state, zip) => content().resolve(state, zip)) }),
);
