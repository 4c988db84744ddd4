// GET /taxjar/v2/nexus/regions: the states the account collects in today, by its nexus setting
// (PATCH /api/v1/account) or its registrations (PUT /api/v1/nexus/registrations/{state}).

import { content, tenantConfigs } from '../../../composition-root';
import { nexusRegions } from '../../../core/taxjar/content';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_NEXUS_REGIONS } from '../../../manifest/routes/taxjar';

export const handler = httpHandler(TAXJAR_NEXUS_REGIONS, {}, async (request) => {
  const { settings } = await tenantConfigs().get(request.principal.tenant);
  return ok({ regions: nexusRegions(settings, request.now.toISOString().slice(0, 10), (state) => content().stateFacts(state).name) });
});
