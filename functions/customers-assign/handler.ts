// POST /customers/{code}/certificates: assigns an active, currently effective certificate to the
// customer that owns it; from then on documents of that customer may select it.
import { assign, certificateView } from '../core/certificates/certificate';
import { AssignmentSchema } from '../schemas/certificates';
import { certificateStore, visibleCertificate, visibleCustomer } from '../shared/certificate-service';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { untilWritten } from '../shared/transaction-service';

export const handler = httpHandler('customers-assign', { body: AssignmentSchema }, async (request) => {
  const tenant = tenantOf(request);
  const customer = await visibleCustomer(tenant, request.params.code ?? '', request.principal);
  const at = request.now.toISOString();
  const today = at.slice(0, 10);
  const assigned = await untilWritten(async () => {
    const stored = await visibleCertificate(tenant, request.body.certificate_id, request.principal);
    const next = assign(stored.certificate, customer.customer_code, request.principal, today, at);
    if (next !== stored.certificate) await certificateStore().update(tenant, next, stored.version, []);
    return next;
  });
  return ok(certificateView(assigned, today));
});
