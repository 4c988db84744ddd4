// PUT /api/v2/companies/{companyCode}/customers/{customerCode}: replaces the customer's name and
// the address and contact details kept for it; its code and company stay.
import { updateAvataxCustomer } from '../../../application/avatax/customers';
import { avataxCustomerPorts } from '../../../composition-root';
import { customerModel, customerToUpdate } from '../../../core/avatax/customers';
import { decodePathCode } from '../../../core/avatax/input';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { AVATAX_CUSTOMERS_UPDATE } from '../../../manifest/routes/avatax';
import { AvataxCustomerSchema } from '../../../schemas/avatax-reference';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(AVATAX_CUSTOMERS_UPDATE, { body: { schema: AvataxCustomerSchema, parse: (raw: unknown) => raw } }, async (request) => {
  const code = decodePathCode(request.params.customerCode);
  const input = customerToUpdate(request.body, code);
  const { company, customer } = await updateAvataxCustomer(avataxCustomerPorts(), request, request.params.companyCode, code, input);
  const { accountId, environment } = request.principal.tenant;
  return ok<ResponseOf<'avatax-customers-update'>>(customerModel(customer, company.id, accountId, environment));
});
