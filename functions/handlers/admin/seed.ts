// Loads a seed through the same stores the API uses. Keys arrive in plaintext and are stored only
// as hashes. Account configuration (settings, locations, catalog, customers) is written to both
// environments, since data is isolated per account and environment. Loading the same seed again (a
// restart of `npm start` on its data directory) is an upsert: accounts, practices, settings and
// items are written over; a location, customer or key that already exists is kept as it is (it may
// have changed through the API since), never duplicated.
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { displayPrefix, hashApiKey } from '../../application/api-key-secret';
import type { AccessRepository, UsageKeyRegistry } from '../../core/access/ports';
import { type ApiKeyRecord, ENVIRONMENTS } from '../../core/access/records';
import type { TenantRepository } from '../../core/account/ports';
import type { CustomerRepository } from '../../core/customers/ports';
import { DomainError } from '../../core/errors';
import { type Seed, SeedSchema } from './seed-schema';

export interface SeedStores {
  /** Where keys get their API Gateway usage-plan twin (a deployed stage); none on the local runner. */
  readonly usageKeys?: UsageKeyRegistry;
  readonly access: Pick<AccessRepository, 'putAccount' | 'putPractice' | 'createKey' | 'keyByHash'>;
  readonly tenants: Pick<TenantRepository, 'updateSettings' | 'createLocation' | 'putItem'>;
  readonly customers: Pick<CustomerRepository, 'create'>;
}

export function parseSeed(json: unknown): Seed {
  const result = v.safeParse(SeedSchema, json, { abortEarly: false });
  if (result.success) return result.output;
  const problems = result.issues.slice(0, 5).map((i) => `${i.path?.map((p) => String(p.key)).join('.') ?? '(root)'}: ${i.message}`);
  throw new Error(`Invalid seed file: ${problems.join('; ')}`);
}

/** Runs a create; a record that already exists (the store's `conflict`) counts as created. */
async function ensure(create: () => Promise<void>): Promise<boolean> {
  try {
    await create();
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'conflict') return false;
    throw error;
  }
}

const newKeyId = (): string => `key_${randomBytes(12).toString('hex')}`;

export async function loadSeed(seed: Seed, stores: SeedStores, now: Date): Promise<{ keys: number }> {
  const at = now.toISOString();
  let keyCount = 0;
  for (const account of seed.accounts) {
    await stores.access.putAccount({ id: account.id, name: account.name, modules: account.modules, rateLimits: account.rate_limits ?? {} });
    for (const environment of ENVIRONMENTS) {
      const tenant = { accountId: account.id, environment };
      await stores.tenants.updateSettings(tenant, { nexus: account.nexus, illinois: account.illinois }, at);
      for (const location of account.locations)
        await ensure(() => stores.tenants.createLocation(tenant, { ...location, zip: location.zip.slice(0, 5), created_at: at }));
      for (const item of account.items)
        await stores.tenants.putItem(tenant, { sku: item.sku, tax_code: item.tax_code, description: item.description ?? null, created_at: at });
      for (const customer of account.customers) {
        await ensure(() =>
          stores.customers.create(tenant, {
            customer_code: customer.customer_code,
            name: customer.name ?? null,
            location_code: customer.location_code ?? null,
            created_at: at,
          }),
        );
      }
    }
    for (const k of account.keys) {
      await createKey(stores, k, { kind: 'account', accountId: account.id, practiceId: null, locationCode: k.location_code ?? null, engagementIds: null }, at);
      keyCount++;
    }
  }
  for (const practice of seed.practices) {
    await stores.access.putPractice({
      id: practice.id,
      name: practice.name,
      status: practice.status,
      engagements: practice.engagements.map((e) => ({ id: e.id, ref: e.ref, clientAccountId: e.client_account_id, status: e.status })),
      rateLimits: practice.rate_limits ?? {},
    });
    for (const k of practice.keys) {
      await createKey(
        stores,
        k,
        { kind: 'provider', accountId: null, practiceId: practice.id, locationCode: null, engagementIds: k.engagement_ids ?? null },
        at,
      );
      keyCount++;
    }
  }
  return { keys: keyCount };
}

type SeedKey = Seed['accounts'][number]['keys'][number] | Seed['practices'][number]['keys'][number];
type Owner = Pick<ApiKeyRecord, 'kind' | 'accountId' | 'practiceId' | 'locationCode' | 'engagementIds'>;

async function createKey(stores: SeedStores, k: SeedKey, owner: Owner, at: string): Promise<void> {
  const hash = hashApiKey(k.key);
  // A key seeded before is found by its hash: kept, so no second record and no second gateway twin.
  if (await stores.access.keyByHash(hash)) return;
  const record: ApiKeyRecord = {
    ...owner,
    id: newKeyId(),
    environment: k.environment,
    scopes: k.scopes,
    status: k.status,
    expiresAt: k.expires_at ?? null,
    name: k.name ?? (owner.kind === 'provider' ? 'seeded provider key' : 'seeded key'),
    prefix: displayPrefix(k.key),
    createdAt: at,
    gatewayKeyId: null,
  };
  const gatewayKeyId = stores.usageKeys && record.status === 'active' ? await stores.usageKeys.register(record.id, hash, record.environment) : null;
  await stores.access.createKey({ ...record, gatewayKeyId }, hash);
}
