// An entry of a tenant's SKU catalog (a SKU and its current tax code): one item in the tenant's
// partition, replaced whole by a later Put of the same SKU, listed newest first.
import * as v from 'valibot';
import type { Tenant } from '../../../core/access/records';
import type { CatalogItem } from '../../../core/account/settings';
import { maybe, parseItem } from '../item-schema';
import { type ItemKey, tenantPartition, tenantScope } from './keys';
import { listed } from './list-index';

const CatalogItemSchema = v.object({ sku: v.string(), tax_code: v.string(), description: maybe(v.string()), created_at: v.string() });

export const catalogItemEntity = {
  key: (t: Tenant, sku: string): ItemKey => ({ PK: tenantPartition(t), SK: `ITEM#${sku}` }),

  /** The tenant's catalog list (newest first). */
  list: (t: Tenant): string => `ITEMS#${tenantScope(t)}`,

  item: (t: Tenant, item: CatalogItem): Record<string, unknown> => ({
    ...catalogItemEntity.key(t, item.sku),
    ...listed(catalogItemEntity.list(t), item.created_at, item.sku),
    entity: 'catalog_item',
    ...item,
  }),

  read(item: unknown): CatalogItem {
    const c = parseItem(CatalogItemSchema, item, 'catalog item');
    return { sku: c.sku, tax_code: c.tax_code, description: c.description ?? null, created_at: c.created_at };
  },
};
