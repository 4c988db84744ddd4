// POST /customers/{code}/certificates: assigns an active, currently effective certificate to the
// customer that owns it; from then on documents of that customer may select it.

import { assignCertificate } from '../../../application/certificates';
import { certificatePorts } from '../../../composition-root';
import { certificateView } from '../../../core/certificates/certificate';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { CUSTOMERS_ASSIGN } from '../../../manifest/routes/customers';
import { AssignmentSchema } from '../../../schemas/certificates';

export const handler = postHandler(CUSTOMERS_ASSIGN, { body: AssignmentSchema }, async (request) => {
  const assigned = await assignCertificate(certificatePorts(), request, request.params.code, request.body.certificate_id);
  return ok(certificateView(assigned, request.now.toISOString().slice(0, 10)));
});
