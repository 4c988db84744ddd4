// GET /provider/client: the client engagement a request's client context selects.
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { services } from '../shared/services';

export const handler = httpHandler('provider-client', {}, async (request) => {
  const tenant = tenantOf(request);
  const engagement = request.principal.engagement!;
  const client = await services().authenticator.account(tenant.accountId);
  return ok({
    object: 'provider_client',
    engagement: { id: engagement.id, ref: engagement.ref, status: engagement.status },
    account: { id: tenant.accountId, name: client?.name ?? null },
    environment: tenant.environment,
  });
});
