// GET /certificates/{id}: one certificate in the key's scope, with its audit trail.
import { certificateView } from '../core/certificates/certificate';
import { visibleCertificate } from '../shared/certificate-service';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';

export const handler = httpHandler('certificates-get', {}, async (request) => {
  const stored = await visibleCertificate(tenantOf(request), request.params.id ?? '', request.principal);
  return ok(certificateView(stored.certificate, request.now.toISOString().slice(0, 10)));
});
