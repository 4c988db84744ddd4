// DELETE /keys/{id}: revokes a key. This process forgets it at once; other warm functions stop
// accepting it within AUTH_CACHE_SECONDS, and API Gateway disables its usage-plan twin.

import { revokeKey } from '../../../application/keys';
import { keyPorts } from '../../../composition-root';
import { keyView } from '../../../core/account/views';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { KEYS_REVOKE } from '../../../manifest/routes/account';

export const handler = httpHandler(KEYS_REVOKE, {}, async (request) => {
  return ok(keyView(await revokeKey(keyPorts(), request, request.params.id)));
});
