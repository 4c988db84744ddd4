// POST /certificates: records a certificate of a customer in scope, pending review.
import { certificates } from '../composition-root';
import { certificateView } from '../core/certificates/certificate';
import { httpHandler } from '../http/handler';
import { created } from '../http/request';
import { CertificateCreateSchema } from '../schemas/certificates';

export const handler = httpHandler('certificates-create', { body: CertificateCreateSchema }, async (request) => {
  const certificate = await certificates().create(request, request.body);
  return created(certificateView(certificate, request.now.toISOString().slice(0, 10)));
});
