// GET /exemptions/declared: the declared exemptions committed documents rely on, per customer and
// state, newest first, each with the certificate that covers it now (or none: the evidence gap).

import { listDeclaredExemptions } from '../../../application/declared-exemptions';
import { declaredExemptionPorts } from '../../../composition-root';
import { declaredGapView } from '../../../core/exemptions/declared';
import { mapPage } from '../../../core/lists/paging';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { DECLARED_EXEMPTIONS_LIST } from '../../../manifest/routes/certificates';
import { DeclaredExemptionListQuerySchema } from '../../../schemas/certificates';

export const handler = httpHandler(DECLARED_EXEMPTIONS_LIST, { query: DeclaredExemptionListQuerySchema }, async (request) => {
  const { limit, cursor } = request.query;
  const page = await listDeclaredExemptions(declaredExemptionPorts(), request, { limit, cursor });
  return ok(mapPage(page, (e) => declaredGapView(e.gap, e.certificateId)));
});
