// GET /api/v2/companies/{companyCode}/customers: the company's customers as a FetchResult of
// CustomerModel. `$include` is accepted and adds nothing.
import { listAvataxCustomers } from '../../../application/avatax/customers';
import { avataxCustomerPorts } from '../../../composition-root';
import { CUSTOMER_FIELDS, customerModel } from '../../../core/avatax/customers';
import { avataxParams, LIST_PARAMS } from '../../../core/avatax/params';
import { queryRows } from '../../../core/avatax/rows';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { AVATAX_CUSTOMERS_LIST } from '../../../manifest/routes/avatax';
import { AvataxListQuerySchema } from '../../../schemas/avatax-reference';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(AVATAX_CUSTOMERS_LIST, { query: AvataxListQuerySchema }, async (request) => {
  const query = avataxParams(request.query as Record<string, string | undefined>, LIST_PARAMS);
  const { company, customers } = await listAvataxCustomers(avataxCustomerPorts(), request, request.params.companyCode);
  const { accountId, environment } = request.principal.tenant;
  const rows = customers.map((c) => customerModel(c, company.id, accountId, environment));
  return ok<ResponseOf<'avatax-customers-list'>>(queryRows(rows, query, { types: CUSTOMER_FIELDS }, { path: request.event.path, params: query }));
});
