// GET /api/v2/companies/{companyCode}/certificates: the company's exemption certificates as a
// FetchResult of CertificateModel; `$include=customers` adds each one's customer.
import { listAvataxCertificates } from '../../../application/avatax/certificates';
import { avataxCertificatePorts } from '../../../composition-root';
import { avataxParams, LIST_PARAMS } from '../../../core/avatax/params';
import { certificatePage } from '../../../http/avatax-certificate-page';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { AVATAX_CERTIFICATES_LIST } from '../../../manifest/routes/avatax';
import { AvataxListQuerySchema } from '../../../schemas/avatax-reference';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(AVATAX_CERTIFICATES_LIST, { query: AvataxListQuerySchema }, async (request) => {
  const query = avataxParams(request.query as Record<string, string | undefined>, LIST_PARAMS);
  const listed = await listAvataxCertificates(avataxCertificatePorts(), request, request.params.companyCode);
  return ok<ResponseOf<'avatax-certificates-list'>>(await certificatePage(request, listed, query));
});
