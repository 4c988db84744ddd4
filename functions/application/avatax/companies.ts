// AvaTax companies: the account's locations and the account itself (core/avatax/companies.ts), as
// the calling key sees them.
import { type Company, companiesOf, companyInPath } from '../../core/avatax/companies';
import type { Authenticator } from '../authentication';
import type { TenantCall } from '../call';
import type { TenantConfigs } from '../tenant-configs';

export interface AvataxCompanyPorts {
  readonly tenantConfigs: TenantConfigs;
  readonly accounts: Pick<Authenticator, 'account'>;
}

/** The companies the key sees: its location's, or the default company and every location. */
export async function visibleCompanies(ports: AvataxCompanyPorts, call: TenantCall): Promise<Company[]> {
  const { tenant, locationCode } = call.principal;
  const [{ locations }, account] = await Promise.all([ports.tenantConfigs.get(tenant), ports.accounts.account(tenant.accountId)]);
  return companiesOf(tenant.accountId, account?.name ?? tenant.accountId, locations, locationCode);
}

/** The company a path names (its number, or its code), among those the key sees (not_found otherwise). */
export async function findCompany(ports: AvataxCompanyPorts, call: TenantCall, segment: string): Promise<Company> {
  return companyInPath(await visibleCompanies(ports, call), segment);
}
