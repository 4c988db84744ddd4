// Account administration: the account and its settings, locations, the SKU catalog and Illinois
// seller declarations, for one environment of the account.
import type { TenantPrincipal } from '../core/access/authorize';
import type { AccessRepository } from '../core/access/ports';
import type { AccountRecord } from '../core/access/records';
import { assertFuture } from '../core/account/key-issuance';
import type { SettingsPatch, TenantRepository } from '../core/account/ports';
import type { CatalogItem, IllinoisSettings, Location, Nexus, TenantSettings } from '../core/account/settings';
import { assertKnownStates } from '../core/content/states';
import type { TaxCode } from '../core/content/tax-content';
import { DomainError } from '../core/errors';
import { type Page, type PageRequest, pageInMemory } from '../core/lists/paging';
import type { SellerClass } from '../core/tax/input';
import { issueDeclaration } from '../core/tax/states/il/declaration';
import type { Authenticator } from './authentication';
import type { Call } from './call';
import type { TenantConfigs } from './tenant-configs';

export interface AccountPorts {
  readonly access: Pick<AccessRepository, 'renameAccount'>;
  readonly tenants: TenantRepository;
  readonly tenantConfigs: TenantConfigs;
  readonly authenticator: Pick<Authenticator, 'account' | 'forgetAccount'>;
  readonly taxCode: (code: string) => TaxCode | undefined;
}

export interface AccountPatch {
  readonly name?: string | undefined;
  readonly nexus?: Nexus | undefined;
  readonly illinois?: Partial<IllinoisSettings> | undefined;
}

export interface LocationInput {
  readonly code: string;
  readonly name: string;
  readonly state: string;
  readonly zip: string;
  readonly illinois_verified: boolean;
}

export interface ItemInput {
  readonly sku: string;
  readonly tax_code: string;
  readonly description?: string | null | undefined;
}

type AdminCall = Call<TenantPrincipal>;

/** Declarations are valid for a year unless the caller names an expiry. */
const DEFAULT_DECLARATION_DAYS = 365;

async function accountOf(ports: Pick<AccountPorts, 'authenticator'>, accountId: string): Promise<AccountRecord> {
  const found = await ports.authenticator.account(accountId);
  // The pipeline authenticated a key of this account moments ago.
  if (!found) throw new Error(`account ${accountId} vanished`);
  return found;
}

export async function getAccount(
  ports: Pick<AccountPorts, 'tenantConfigs' | 'authenticator'>,
  call: AdminCall,
): Promise<{ account: AccountRecord; settings: TenantSettings }> {
  const { tenant } = call.principal;
  const { settings } = await ports.tenantConfigs.get(tenant);
  return { account: await accountOf(ports, tenant.accountId), settings };
}

/** Renames the account; sets nexus and Illinois settings for the caller's environment. */
export async function updateAccount(
  ports: Pick<AccountPorts, 'access' | 'tenants' | 'tenantConfigs' | 'authenticator'>,
  call: AdminCall,
  patch: AccountPatch,
): Promise<{ account: AccountRecord; settings: TenantSettings }> {
  const { tenant } = call.principal;
  if (Array.isArray(patch.nexus)) assertKnownStates(patch.nexus, 'nexus');
  if (patch.name !== undefined) await ports.access.renameAccount(tenant.accountId, patch.name);
  const settingsPatch: SettingsPatch = { nexus: Array.isArray(patch.nexus) ? [...new Set(patch.nexus)].sort() : patch.nexus, illinois: patch.illinois };
  const settings = await ports.tenants.updateSettings(tenant, settingsPatch, call.now.toISOString());
  ports.tenantConfigs.forget(tenant);
  ports.authenticator.forgetAccount(tenant.accountId);
  return { account: await accountOf(ports, tenant.accountId), settings };
}

export async function createLocation(ports: Pick<AccountPorts, 'tenants' | 'tenantConfigs'>, call: AdminCall, input: LocationInput): Promise<Location> {
  assertKnownStates([input.state], 'state');
  const location: Location = { ...input, zip: input.zip.slice(0, 5), created_at: call.now.toISOString() };
  await ports.tenants.createLocation(call.principal.tenant, location);
  ports.tenantConfigs.forget(call.principal.tenant);
  return location;
}

/** Newest first; read fresh, not through the cache, so a location just created is listed. */
export async function listLocations(ports: Pick<AccountPorts, 'tenants'>, call: AdminCall, page: PageRequest): Promise<Page<Location>> {
  const { locations } = await ports.tenants.config(call.principal.tenant);
  const sorted = [...locations].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.code.localeCompare(b.code));
  return pageInMemory(sorted, (l) => l.code, page);
}

/** Adds or replaces a SKU; lines may then name it as item_code. */
export async function putItem(
  ports: Pick<AccountPorts, 'tenants' | 'taxCode'>,
  call: AdminCall,
  input: ItemInput,
): Promise<{ item: CatalogItem; category: string }> {
  const code = ports.taxCode(input.tax_code);
  if (!code)
    throw new DomainError('invalid_tax_code', 'The tax code is not in the service catalog (GET /tax-codes).', [
      { code: 'invalid_tax_code', target: 'tax_code', message: 'The tax code is not in the service catalog (GET /tax-codes).' },
    ]);
  const item: CatalogItem = { sku: input.sku, tax_code: code.code, description: input.description ?? null, created_at: call.now.toISOString() };
  await ports.tenants.putItem(call.principal.tenant, item);
  return { item, category: code.category };
}

export function listItems(ports: Pick<AccountPorts, 'tenants'>, call: AdminCall, page: PageRequest): Promise<Page<CatalogItem>> {
  return ports.tenants.listItems(call.principal.tenant, page);
}

/** A signed Illinois seller-posture declaration for calculations (docs/taxes-and-content.md, "Illinois"). */
export async function declareSellerPosture(
  ports: Pick<AccountPorts, 'tenants' | 'tenantConfigs'>,
  call: AdminCall,
  sellerClass: SellerClass,
  expiresAtInput: string | null | undefined,
): Promise<{ token: string; expiresAt: Date }> {
  const { tenant } = call.principal;
  const expiresAt = expiresAtInput ? new Date(expiresAtInput) : new Date(call.now.getTime() + DEFAULT_DECLARATION_DAYS * 86_400_000);
  assertFuture(expiresAt, call.now);
  let { settings } = await ports.tenantConfigs.get(tenant);
  if (!settings.declarationSecret) {
    // First declaration of this tenant: creating the settings item creates its signing secret.
    settings = await ports.tenants.updateSettings(tenant, {}, call.now.toISOString());
    ports.tenantConfigs.forget(tenant);
  }
  return { token: issueDeclaration(tenant, sellerClass, call.now, expiresAt, settings.declarationSecret), expiresAt };
}
