// The adapters of a process, wired once from configuration. Handlers take what they need from here.
import { AccessStore } from '../adapters/dynamodb/access-store';
import { RateCounter } from '../adapters/dynamodb/rate-counter';
import { TenantStore } from '../adapters/dynamodb/tenant-store';
import { Authenticator } from './auth/authenticator';
import { documents } from './clients';
import { config } from './config';
import { TtlCache } from './ttl-cache';
import type { TenantConfig } from '../core/account/settings';

export interface Services {
  readonly access: AccessStore;
  readonly authenticator: Authenticator;
  readonly tenants: TenantStore;
  /** Tenant configuration read through the same short cache as keys (see Authenticator). */
  readonly tenantConfigs: TtlCache<TenantConfig>;
  readonly rateCounter: RateCounter;
}

let wired: Services | undefined;

export function services(): Services {
  if (wired) return wired;
  const { tableName, authCacheMs } = config();
  const access = new AccessStore(documents, tableName);
  wired = {
    access,
    authenticator: new Authenticator(access, authCacheMs),
    tenants: new TenantStore(documents, tableName),
    tenantConfigs: new TtlCache(authCacheMs),
    rateCounter: new RateCounter(documents, tableName),
  };
  return wired;
}
