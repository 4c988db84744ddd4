// DELETE /keys/{id}: revokes a key. This process forgets it at once; other warm functions stop
// accepting it within AUTH_CACHE_SECONDS, and API Gateway disables its usage-plan twin.
import { keys as tableKeys } from '../adapters/dynamodb/keys';
import { usageKeyRegistry } from '../adapters/apigateway/usage-keys';
import { manages } from '../core/account/key-issuance';
import { keyView } from '../core/account/views';
import { DomainError } from '../core/errors';
import { config } from '../shared/config';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { services } from '../shared/services';

export const handler = httpHandler('keys-revoke', {}, async (request) => {
  const tenant = tenantOf(request);
  const { access, authenticator } = services();
  const owner = tableKeys.accountOwner(tenant.accountId);
  const found = await access.ownedKey(owner, request.params.id ?? '');
  if (!found || !manages(tenant.environment, found.key.environment)) throw new DomainError('not_found', 'No key with this id exists.');
  await access.revokeKey(owner, found.key.id, found.hash, request.now.toISOString());
  authenticator.forgetKey(found.hash);
  if (found.key.gatewayKeyId) await usageKeyRegistry(config().usagePlanNamePrefix).disable(found.key.gatewayKeyId);
  return ok(keyView({ ...found.key, status: 'revoked' }));
});
