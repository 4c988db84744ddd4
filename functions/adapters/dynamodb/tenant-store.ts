// A tenant's configuration (settings, locations) and SKU catalog in DynamoDB. Settings and
// locations share one key prefix so a single Query returns all of them.
import { randomBytes } from 'node:crypto';
import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import * as v from 'valibot';
import type { Tenant } from '../../core/access/records';
import type { SettingsPatch, TenantRepository } from '../../core/account/ports';
import { DEFAULT_ILLINOIS, type CatalogItem, type Location, type TenantConfig, type TenantSettings } from '../../core/account/settings';
import { DomainError } from '../../core/errors';
import type { Page, PageRequest } from '../../core/lists/paging';
import { maybe, parseItem } from './item-schema';
import { batchGetAll, gsi1Page, queryAll } from './query-page';
import { CONFIG_PREFIX, listPartitions, LOCATION_PREFIX, tableKeys, tenantPk } from './table-keys';

const newSecret = (): string => randomBytes(32).toString('base64url');

const LocationItem = v.object({
  code: v.string(),
  name: v.string(),
  state: v.string(),
  zip: v.string(),
  illinois_verified: v.optional(v.boolean(), false),
  created_at: v.string(),
});

const SettingsItem = v.object({
  nexus: v.optional(v.union([v.literal('all'), v.array(v.string())]), 'all'),
  ilDeriveSellerPosture: v.optional(v.boolean(), false),
  ilInStateSellingEnabled: v.optional(v.boolean(), false),
  declarationSecret: v.string(),
  updatedAt: v.string(),
});

const CatalogItemSchema = v.object({ sku: v.string(), tax_code: v.string(), description: maybe(v.string()), created_at: v.string() });

function toLocation(item: unknown): Location {
  const l = parseItem(LocationItem, item, 'location');
  return { code: l.code, name: l.name, state: l.state, zip: l.zip, illinois_verified: l.illinois_verified, created_at: l.created_at };
}

function toSettings(item: unknown): TenantSettings {
  const s = parseItem(SettingsItem, item, 'tenant settings');
  return {
    nexus: s.nexus,
    illinois: { derive_seller_posture: s.ilDeriveSellerPosture, in_state_selling_enabled: s.ilInStateSellingEnabled },
    declarationSecret: s.declarationSecret,
    updatedAt: s.updatedAt,
  };
}

function toCatalogItem(item: unknown): CatalogItem {
  const c = parseItem(CatalogItemSchema, item, 'catalog item');
  return { sku: c.sku, tax_code: c.tax_code, description: c.description ?? null, created_at: c.created_at };
}

export class TenantStore implements TenantRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Settings and locations in one Query. A tenant that never stored settings gets the defaults. */
  async config(tenant: Tenant): Promise<TenantConfig> {
    const items = await queryAll(this.db, this.table, tenantPk(tenant), CONFIG_PREFIX);
    const settingsItem = items.find((i) => i.SK === tableKeys.tenantSettings(tenant).SK);
    const settings: TenantSettings = settingsItem
      ? toSettings(settingsItem)
      : { nexus: 'all', illinois: DEFAULT_ILLINOIS, declarationSecret: '', updatedAt: '' };
    const locations = items.filter((i) => String(i.SK).startsWith(LOCATION_PREFIX)).map(toLocation);
    return { settings, locations };
  }

  /**
   * Creates or merges settings in one write and returns them as written; the declaration secret is
   * created once, never replaced.
   */
  async updateSettings(tenant: Tenant, patch: SettingsPatch, at: string): Promise<TenantSettings> {
    const names: Record<string, string> = { '#u': 'updatedAt', '#d': 'declarationSecret', '#e': 'entity' };
    const values: Record<string, unknown> = { ':at': at, ':secret': newSecret(), ':entity': 'tenant_settings' };
    const sets = ['#u = :at', '#d = if_not_exists(#d, :secret)', '#e = :entity'];
    const assign = (attribute: string, value: unknown): void => {
      names[`#${attribute}`] = attribute;
      values[`:${attribute}`] = value;
      sets.push(`#${attribute} = :${attribute}`);
    };
    if (patch.nexus !== undefined) assign('nexus', patch.nexus);
    if (patch.illinois?.derive_seller_posture !== undefined) assign('ilDeriveSellerPosture', patch.illinois.derive_seller_posture);
    if (patch.illinois?.in_state_selling_enabled !== undefined) assign('ilInStateSellingEnabled', patch.illinois.in_state_selling_enabled);
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: tableKeys.tenantSettings(tenant),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toSettings(out.Attributes);
  }

  async createLocation(tenant: Tenant, location: Location): Promise<void> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...tableKeys.location(tenant, location.code), entity: 'location', ...location },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw new DomainError('conflict', 'A location with this code already exists.');
      throw error;
    }
  }

  /** Adds or replaces a SKU: the catalog maps a SKU to its current tax code. */
  async putItem(tenant: Tenant, item: CatalogItem): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...tableKeys.item(tenant, item.sku),
          GSI1PK: listPartitions.items(tenant),
          GSI1SK: `${item.created_at}#${item.sku}`,
          entity: 'catalog_item',
          ...item,
        },
      }),
    );
  }

  /** The catalog, newest first. */
  async listItems(tenant: Tenant, page: PageRequest): Promise<Page<CatalogItem>> {
    const { items, next_cursor } = await gsi1Page(this.db, this.table, listPartitions.items(tenant), [], page);
    return { data: items.map(toCatalogItem), next_cursor };
  }

  /** The catalog entries for the given SKUs (absent SKUs are simply missing from the map). */
  async itemsBySku(tenant: Tenant, skus: readonly string[]): Promise<Map<string, CatalogItem>> {
    const items = await batchGetAll(
      this.db,
      this.table,
      [...new Set(skus)].map((sku) => tableKeys.item(tenant, sku)),
    );
    return new Map(items.map(toCatalogItem).map((item) => [item.sku, item]));
  }
}
