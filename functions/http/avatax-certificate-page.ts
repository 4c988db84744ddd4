// The page both AvaTax certificate lists answer (a company's, a customer's): CertificateModel rows
// queried with `$filter`/`$orderBy`/`$top`/`$skip`, then, with `$include=customers`, the customer of
// each certificate of the page (read for the page only).

import type { CompanyCertificates } from '../application/avatax/certificates';
import { certificateCustomers } from '../application/avatax/certificates';
import type { TenantCall } from '../application/call';
import { avataxCertificatePorts, content } from '../composition-root';
import { CERTIFICATE_FIELDS, certificateModel, includesCustomers } from '../core/avatax/certificates';
import { customerModel } from '../core/avatax/customers';
import type { ListParams } from '../core/avatax/params';
import { queryRows } from '../core/avatax/rows';

export async function certificatePage(request: TenantCall & { readonly event: { readonly path: string } }, listed: CompanyCertificates, query: ListParams) {
  const { company, certificates, customerCodes } = listed;
  const { accountId, environment } = request.principal.tenant;
  const today = request.now.toISOString().slice(0, 10);
  const stateName = (code: string) => content().stateFacts(code).name;
  const byNumber = new Map<number, (typeof certificates)[number]>();
  const rows = certificates.map((c) => {
    const model = certificateModel(c, company.id, accountId, environment, today, stateName, customerCodes.get(c.customer_code));
    byNumber.set(model.id, c);
    return model;
  });
  const page = queryRows(rows, query, { types: CERTIFICATE_FIELDS }, { path: request.event.path, params: query });
  if (!includesCustomers(query.$include)) return page;
  const shown = page.value.flatMap((row) => byNumber.get(row.id) ?? []);
  const customers = await certificateCustomers(avataxCertificatePorts(), request, shown);
  return {
    ...page,
    value: page.value.map((row) => {
      const customer = customers.get(byNumber.get(row.id)?.customer_code ?? '');
      return { ...row, customers: customer ? [customerModel(customer, company.id, accountId, environment)] : [] };
    }),
  };
}
