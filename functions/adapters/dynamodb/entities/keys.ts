// What the keys of the tables are made of. Every piece of taxpayer data carries its tenant (account
// + environment) in its partition key; each entity builds its own keys from these (entities/*.ts),
// and only adapters build keys.
import type { Tenant } from '../../../core/access/records';

/** The table key of an item. */
export type ItemKey = { readonly PK: string; readonly SK: string };

/** `<account>#<environment>`: the tenant part of a key. */
export const tenantScope = (t: Tenant): string => `${t.accountId}#${t.environment}`;

/**
 * The partition a tenant's small collections share (customers, certificates, configuration, SKU
 * catalog), each under its own sort-key prefix.
 */
export const tenantPartition = (t: Tenant): string => `TENANT#${tenantScope(t)}`;
