// GET /certificates?customer_code=: the certificates the key may see, newest first.

import { listCertificates } from '../../../application/certificates';
import { certificatePorts } from '../../../composition-root';
import { certificateView } from '../../../core/certificates/certificate';
import { mapPage } from '../../../core/lists/paging';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { CERTIFICATES_LIST } from '../../../manifest/routes/certificates';
import { CertificateListQuerySchema } from '../../../schemas/certificates';

export const handler = httpHandler(CERTIFICATES_LIST, { query: CertificateListQuerySchema }, async (request) => {
  const { limit, cursor, customer_code } = request.query;
  const today = request.now.toISOString().slice(0, 10);
  return ok(mapPage(await listCertificates(certificatePorts(), request, { customer_code }, { limit, cursor }), (c) => certificateView(c, today)));
});
