// Key builders for the single table. Every piece of taxpayer data carries its tenant (account +
// environment) in the partition key. Only adapters build keys.
import type { Tenant } from '../../core/access/records';

export const tenantPk = (t: Tenant): string => `TENANT#${t.accountId}#${t.environment}`;

export const tableKeys = {
  apiKey: (hash: string) => ({ PK: `APIKEY#${hash}`, SK: 'APIKEY' }),
  accountProfile: (accountId: string) => ({ PK: `ACCOUNT#${accountId}`, SK: 'PROFILE' }),
  /** Listing entry of a key under its owner (account or practice); holds the hash, not the key. */
  ownerKey: (ownerPk: string, keyId: string) => ({ PK: ownerPk, SK: `KEY#${keyId}` }),
  accountOwner: (accountId: string) => `ACCOUNT#${accountId}`,
  practiceOwner: (practiceId: string) => `PRACTICE#${practiceId}`,
  practiceProfile: (practiceId: string) => ({ PK: `PRACTICE#${practiceId}`, SK: 'PROFILE' }),
  /** Settings and locations share a prefix so one Query reads a tenant's whole configuration. */
  tenantSettings: (t: Tenant) => ({ PK: tenantPk(t), SK: 'CONFIG#SETTINGS' }),
  location: (t: Tenant, code: string) => ({ PK: tenantPk(t), SK: `CONFIG#LOCATION#${code}` }),
  item: (t: Tenant, sku: string) => ({ PK: tenantPk(t), SK: `ITEM#${sku}` }),
  rateCounter: (keyId: string, bucket: string, windowStartMs: number) => ({ PK: `RATE#${keyId}#${bucket}#${windowStartMs}`, SK: 'RATE' }),
  /** A secret of the whole deployment (not of a tenant), e.g. the key that signs list cursors. */
  deploymentSecret: (name: string) => ({ PK: 'DEPLOYMENT', SK: `SECRET#${name}` }),
  /** Each document has its own partition: a busy tenant's commits spread over many. */
  transaction: (t: Tenant, code: string) => ({ PK: `TXN#${t.accountId}#${t.environment}#${code}`, SK: 'TXN' }),
  customer: (t: Tenant, code: string) => ({ PK: tenantPk(t), SK: `CUSTOMER#${code}` }),
  certificate: (t: Tenant, id: string) => ({ PK: tenantPk(t), SK: `CERT#${id}` }),
  /** A tenant's events spread over EVENT_SHARDS partitions (see events.ts). */
  /** A batch and its items and chunk tallies share a partition: one Query reads a batch whole. */
  batch: (t: Tenant, id: string) => `BATCH#${t.accountId}#${t.environment}#${id}`,
  events: (t: Tenant, shard: number) => `EVENTS#${t.accountId}#${t.environment}#${shard}`,
};

/** GSI1 partitions of a tenant's lists (newest first by GSI1SK = `<created_at>#<id>`). */
export const listPartitions = {
  transactions: (t: Tenant) => `TXNS#${t.accountId}#${t.environment}`,
  customers: (t: Tenant) => `CUSTOMERS#${t.accountId}#${t.environment}`,
  certificates: (t: Tenant) => `CERTS#${t.accountId}#${t.environment}`,
  items: (t: Tenant) => `ITEMS#${t.accountId}#${t.environment}`,
  batches: (t: Tenant) => `BATCHES#${t.accountId}#${t.environment}`,
  returnJobs: (t: Tenant) => `RETURNJOBS#${t.accountId}#${t.environment}`,
};

export const CONFIG_PREFIX = 'CONFIG#';
export const LOCATION_PREFIX = 'CONFIG#LOCATION#';
export const KEY_PREFIX = 'KEY#';
