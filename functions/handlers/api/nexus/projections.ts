// POST /nexus/projections: when each state's test would be crossed if sales went on; stores nothing.

import { projectNexus } from '../../../application/nexus';
import { nexusPorts } from '../../../composition-root';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { NEXUS_PROJECTIONS } from '../../../manifest/routes/nexus';
import { ProjectionSchema } from '../../../schemas/nexus';

export const handler = postHandler(NEXUS_PROJECTIONS, { body: ProjectionSchema }, async (request) => {
  const { entries, ...rest } = request.body;
  const input = { ...rest, entries: entries?.map(({ amount, ...e }) => ({ ...e, amount_cents: amount })) };
  const projection = await projectNexus(nexusPorts(), request, input);
  return ok({ object: 'nexus_projection', monthly_growth: rest.monthly_growth ?? 0, horizon_months: rest.horizon_months ?? 24, ...projection });
});
