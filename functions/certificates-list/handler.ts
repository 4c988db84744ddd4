// GET /certificates?customer_code=: the certificates the key may see, newest first.
import { lists } from '../adapters/dynamodb/keys';
import { certificateView } from '../core/certificates/certificate';
import { CertificateListQuerySchema } from '../schemas/certificates';
import { certificateStore } from '../shared/certificate-service';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { decodeCursor, page } from '../shared/http/pagination';

export const handler = httpHandler('certificates-list', { query: CertificateListQuerySchema }, async (request) => {
  const tenant = tenantOf(request);
  const { limit, cursor, customer_code } = request.query;
  const { certificates, next } = await certificateStore().list(
    tenant,
    { customer_code, location_code: request.principal.locationCode },
    limit,
    decodeCursor(cursor, { GSI1PK: lists.certificates(tenant) }),
  );
  const today = request.now.toISOString().slice(0, 10);
  return ok(page(certificates.map((c) => certificateView(c, today)), next));
});
