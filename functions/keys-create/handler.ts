// POST /keys: issues an account key. The secret is in this answer only; the service keeps its hash.
import { randomBytes } from 'node:crypto';
import type { ApiKeyRecord } from '../core/access/records';
import { assertKeyIssuable } from '../core/account/key-issuance';
import { keyView } from '../core/account/views';
import { usageKeyRegistry } from '../adapters/apigateway/usage-keys';
import { displayPrefix, generateApiKey, hashApiKey } from '../shared/auth/api-key-secret';
import { config } from '../shared/config';
import { httpHandler, tenantOf } from '../shared/http/handler';
import { services } from '../shared/services';
import { KeyCreateSchema } from './schema';

export const handler = httpHandler('keys-create', { body: KeyCreateSchema }, async (request) => {
  const tenant = tenantOf(request);
  const body = request.body;
  const { locations } = await services().tenants.config({ accountId: tenant.accountId, environment: body.environment });
  assertKeyIssuable(tenant.environment, body, locations, request.now);
  const secret = generateApiKey(body.environment);
  const hash = hashApiKey(secret);
  const id = `key_${randomBytes(12).toString('hex')}`;
  const gatewayKeyId = await usageKeyRegistry(config().usagePlanNamePrefix).register(id, hash, body.environment);
  const key: ApiKeyRecord = {
    id,
    kind: 'account',
    accountId: tenant.accountId,
    practiceId: null,
    environment: body.environment,
    scopes: [...new Set(body.scopes)],
    locationCode: body.location_code ?? null,
    engagementIds: null,
    status: 'active',
    expiresAt: body.expires_at ? new Date(body.expires_at).toISOString() : null,
    name: body.name,
    prefix: displayPrefix(secret),
    createdAt: request.now.toISOString(),
    gatewayKeyId,
  };
  await services().access.createKey(key, hash);
  // The secret is shown once: an idempotent replay of this call returns the key without it.
  return { statusCode: 201, body: { ...keyView(key), key: secret }, stored: { ...keyView(key), key: null } };
});
