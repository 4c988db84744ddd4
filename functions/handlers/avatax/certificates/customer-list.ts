// GET /api/v2/companies/{companyCode}/customers/{customerCode}/certificates: one customer's
// certificates, as the company's list answers them (EntityNotFoundError for an unknown customer).
import { listAvataxCertificates } from '../../../application/avatax/certificates';
import { avataxCertificatePorts } from '../../../composition-root';
import { decodePathCode } from '../../../core/avatax/input';
import { avataxParams, LIST_PARAMS } from '../../../core/avatax/params';
import { certificatePage } from '../../../http/avatax-certificate-page';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { AVATAX_CUSTOMER_CERTIFICATES_LIST } from '../../../manifest/routes/avatax';
import { AvataxListQuerySchema } from '../../../schemas/avatax-reference';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(AVATAX_CUSTOMER_CERTIFICATES_LIST, { query: AvataxListQuerySchema }, async (request) => {
  const query = avataxParams(request.query as Record<string, string | undefined>, LIST_PARAMS);
  const { companyCode, customerCode } = request.params;
  const listed = await listAvataxCertificates(avataxCertificatePorts(), request, companyCode, decodePathCode(customerCode));
  return ok<ResponseOf<'avatax-customer-certificates-list'>>(await certificatePage(request, listed, query));
});
