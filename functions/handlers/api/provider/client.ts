// GET /provider/client: the client engagement a request's client context selects.

import { selectedClient } from '../../../application/provider';
import { providerPorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { PROVIDER_CLIENT } from '../../../manifest/routes/provider';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(PROVIDER_CLIENT, {}, async (request) => {
  const { engagement, client } = await selectedClient(providerPorts(), request);
  return ok<ResponseOf<'provider-client'>>({
    object: 'provider_client',
    engagement: { id: engagement.id, ref: engagement.ref, status: engagement.status },
    account: { id: request.principal.tenant.accountId, name: client?.name ?? null },
    environment: request.principal.tenant.environment,
  });
});
