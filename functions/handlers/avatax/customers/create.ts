// POST /api/v2/companies/{companyCode}/customers: creates the customers of an array of CustomerModel
// in the company, all or none, and answers 201 with them (core/avatax/customers.ts).
import { createAvataxCustomers } from '../../../application/avatax/customers';
import { avataxCustomerPorts } from '../../../composition-root';
import { customerModel, customersToCreate } from '../../../core/avatax/customers';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { AVATAX_CUSTOMERS_CREATE } from '../../../manifest/routes/avatax';
import { AvataxCustomersCreateSchema } from '../../../schemas/avatax-reference';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = postHandler(AVATAX_CUSTOMERS_CREATE, { body: { schema: AvataxCustomersCreateSchema, parse: customersToCreate } }, async (request) => {
  const { company, customers } = await createAvataxCustomers(avataxCustomerPorts(), request, request.params.companyCode, request.body);
  const { accountId, environment } = request.principal.tenant;
  return created<ResponseOf<'avatax-customers-create'>>(customers.map((c) => customerModel(c, company.id, accountId, environment)));
});
