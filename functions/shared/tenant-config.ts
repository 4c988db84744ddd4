// A tenant's settings and locations, read through the process cache (same staleness bound as keys).
import type { Tenant } from '../core/access/records';
import type { TenantConfig } from '../core/account/settings';
import { services } from './services';

const cacheKey = (t: Tenant): string => `${t.accountId}#${t.environment}`;

export function tenantConfig(tenant: Tenant): Promise<TenantConfig> {
  const { tenantConfigs, tenants } = services();
  return tenantConfigs.get(cacheKey(tenant), () => tenants.config(tenant));
}

/** After this process changed a tenant's configuration, its next read is fresh. */
export function forgetTenantConfig(tenant: Tenant): void {
  services().tenantConfigs.delete(cacheKey(tenant));
}
