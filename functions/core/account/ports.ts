// Port of a tenant's configuration (settings, locations) and SKU catalog.
import type { Tenant } from '../access/records';
import type { Page, PageRequest } from '../lists/paging';
import type { CatalogItem, IllinoisSettings, Location, Nexus, TenantConfig, TenantSettings } from './settings';

export interface SettingsPatch {
  readonly nexus?: Nexus | undefined;
  readonly illinois?: Partial<IllinoisSettings> | undefined;
  /** A state's registration date to set, or (null) to remove. */
  readonly registration?: { readonly state: string; readonly registered_from: string | null } | undefined;
}

export interface TenantRepository {
  /** Settings and locations; a tenant that never stored settings gets the defaults. */
  config(tenant: Tenant): Promise<TenantConfig>;
  /** Applies the patch in one write and returns the settings as written (the declaration secret is created once). */
  updateSettings(tenant: Tenant, patch: SettingsPatch, at: string): Promise<TenantSettings>;
  /** A location code is unique per tenant (conflict otherwise). */
  createLocation(tenant: Tenant, location: Location): Promise<void>;
  /** Adds or replaces a SKU. */
  putItem(tenant: Tenant, item: CatalogItem): Promise<void>;
  listItems(tenant: Tenant, page: PageRequest): Promise<Page<CatalogItem>>;
  /** The catalog entries of the given SKUs (absent SKUs are missing from the map). */
  itemsBySku(tenant: Tenant, skus: readonly string[]): Promise<Map<string, CatalogItem>>;
}
