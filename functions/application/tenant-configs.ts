// A tenant's settings and locations, read through a short process cache (the same staleness bound
// as keys): a warm function rarely reads them; a writer in the same process forgets its own change.
import type { Tenant } from '../core/access/records';
import type { TenantRepository } from '../core/account/ports';
import type { TenantConfig } from '../core/account/settings';
import { TtlCache } from './ttl-cache';

const cacheKey = (t: Tenant): string => `${t.accountId}#${t.environment}`;

export class TenantConfigs {
  private readonly cache: TtlCache<TenantConfig>;

  constructor(
    private readonly tenants: Pick<TenantRepository, 'config'>,
    cacheMs: number,
  ) {
    this.cache = new TtlCache(cacheMs);
  }

  get(tenant: Tenant): Promise<TenantConfig> {
    return this.cache.get(cacheKey(tenant), () => this.tenants.config(tenant));
  }

  /** After this process changed a tenant's configuration, its next read is fresh. */
  forget(tenant: Tenant): void {
    this.cache.delete(cacheKey(tenant));
  }
}
