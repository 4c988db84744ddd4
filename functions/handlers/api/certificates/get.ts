// GET /certificates/{id}: one certificate in the key's scope, with its audit trail.

import { getCertificate } from '../../../application/certificates';
import { certificatePorts } from '../../../composition-root';
import { certificateView } from '../../../core/certificates/certificate';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { CERTIFICATES_GET } from '../../../manifest/routes/certificates';

export const handler = httpHandler(CERTIFICATES_GET, {}, async (request) => {
  return ok(certificateView(await getCertificate(certificatePorts(), request, request.params.id), request.now.toISOString().slice(0, 10)));
});
