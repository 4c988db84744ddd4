// POST /certificates/{id}/activate: a named reviewer accepts the evidence; the activation is
// audited (who, when, with which key) and emits certificate.activated in the same write.
import { activate, certificateView } from '../core/certificates/certificate';
import { ActivationSchema } from '../schemas/certificates';
import { certificateStore, visibleCertificate } from '../shared/certificate-service';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { untilWritten } from '../shared/transaction-service';

export const handler = httpHandler('certificates-activate', { body: ActivationSchema }, async (request) => {
  const tenant = tenantOf(request);
  const at = request.now.toISOString();
  const today = at.slice(0, 10);
  const activated = await untilWritten(async () => {
    const stored = await visibleCertificate(tenant, request.params.id ?? '', request.principal);
    const next = activate(stored.certificate, request.body, request.principal, today, at);
    await certificateStore().update(tenant, next, stored.version, [{ type: 'certificate.activated', at, data: certificateView(next, today) }]);
    return next;
  });
  return ok(certificateView(activated, today));
});
