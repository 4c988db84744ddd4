// GET /api/v2/companies/{companyCode}/customers/{customerCode}: one customer of the company
// (EntityNotFoundError when the company has none of this code).
import { getAvataxCustomer } from '../../../application/avatax/customers';
import { avataxCustomerPorts } from '../../../composition-root';
import { customerModel } from '../../../core/avatax/customers';
import { decodePathCode } from '../../../core/avatax/input';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { AVATAX_CUSTOMERS_GET } from '../../../manifest/routes/avatax';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(AVATAX_CUSTOMERS_GET, {}, async (request) => {
  const { companyCode, customerCode } = request.params;
  const { company, customer } = await getAvataxCustomer(avataxCustomerPorts(), request, companyCode, decodePathCode(customerCode));
  const { accountId, environment } = request.principal.tenant;
  return ok<ResponseOf<'avatax-customers-get'>>(customerModel(customer, company.id, accountId, environment));
});
