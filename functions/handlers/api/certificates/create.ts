// POST /certificates: records a certificate of a customer in scope, pending review.

import { createCertificate } from '../../../application/certificates';
import { certificatePorts } from '../../../composition-root';
import { certificateView } from '../../../core/certificates/certificate';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { submissionOf } from '../../../http/submission';
import { CERTIFICATES_CREATE } from '../../../manifest/routes/certificates';
import { CertificateCreateSchema } from '../../../schemas/certificates';

export const handler = postHandler(CERTIFICATES_CREATE, { body: CertificateCreateSchema }, async (request) => {
  const certificate = await createCertificate(certificatePorts(), request, request.body, { submission: submissionOf(request) });
  return created(certificateView(certificate, request.now.toISOString().slice(0, 10)));
});
