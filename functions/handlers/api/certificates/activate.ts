// POST /certificates/{id}/activate: a named reviewer accepts the evidence; the activation is
// audited (who, when, with which key) and emits certificate.activated in the same write.

import { activateCertificate } from '../../../application/certificates';
import { certificatePorts } from '../../../composition-root';
import { certificateView } from '../../../core/certificates/certificate';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { CERTIFICATES_ACTIVATE } from '../../../manifest/routes/certificates';
import { ActivationSchema } from '../../../schemas/certificates';

export const handler = postHandler(CERTIFICATES_ACTIVATE, { body: ActivationSchema }, async (request) => {
  const { result } = await activateCertificate(certificatePorts(), request, request.params.id, request.body);
  return ok(certificateView(result, request.now.toISOString().slice(0, 10)));
});
