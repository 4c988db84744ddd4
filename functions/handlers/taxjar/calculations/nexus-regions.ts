// GET /taxjar/v2/nexus/regions: the states of the account's nexus setting (PATCH /api/v1/account).

import { content, tenantConfigs } from '../../../composition-root';
import { nexusRegions } from '../../../core/taxjar/content';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_NEXUS_REGIONS } from '../../../manifest/routes/taxjar';

export const handler = httpHandler(TAXJAR_NEXUS_REGIONS, {}, async (request) => {
  const { settings } = await tenantConfigs().get(request.principal.tenant);
  return ok({ regions: nexusRegions(settings.nexus, (state) => content().stateFacts(state).name) });
});
