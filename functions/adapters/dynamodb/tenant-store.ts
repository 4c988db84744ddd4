// A tenant's configuration (settings, locations) and SKU catalog in DynamoDB. Settings and
// locations share one key prefix so a single Query returns all of them.
import { randomBytes } from 'node:crypto';
import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Tenant } from '../../core/access/records';
import { DEFAULT_ILLINOIS, type CatalogItem, type Location, type Nexus, type TenantConfig, type TenantSettings, type IllinoisSettings } from '../../core/account/settings';
import { DomainError } from '../../core/errors';
import { CONFIG_PREFIX, keys, lists, LOCATION_PREFIX, tenantPk } from './keys';
import { batchGetAll, gsi1Page, queryAll } from './query-page';

type Item = Record<string, unknown>;

const newSecret = (): string => randomBytes(32).toString('base64url');

function toLocation(item: Item): Location {
  return {
    code: String(item.code),
    name: String(item.name ?? ''),
    state: String(item.state ?? ''),
    zip: String(item.zip ?? ''),
    illinois_verified: item.illinois_verified === true,
    created_at: String(item.created_at ?? ''),
  };
}

function toSettings(item: Item): TenantSettings {
  return {
    nexus: (item.nexus as Nexus | undefined) ?? 'all',
    illinois: { derive_seller_posture: item.ilDeriveSellerPosture === true, in_state_selling_enabled: item.ilInStateSellingEnabled === true },
    declarationSecret: String(item.declarationSecret ?? ''),
    updatedAt: String(item.updatedAt ?? ''),
  };
}

function toCatalogItem(item: Item): CatalogItem {
  return {
    sku: String(item.sku),
    tax_code: String(item.tax_code),
    description: (item.description as string | undefined) ?? null,
    created_at: String(item.created_at ?? ''),
  };
}

export interface SettingsPatch {
  readonly nexus?: Nexus;
  readonly illinois?: Partial<IllinoisSettings>;
}

export class TenantStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Settings and locations in one Query. A tenant that never stored settings gets the defaults. */
  async config(tenant: Tenant): Promise<TenantConfig> {
    const items = await queryAll(this.db, this.table, tenantPk(tenant), CONFIG_PREFIX);
    const settingsItem = items.find((i) => i.SK === keys.tenantSettings(tenant).SK);
    const settings: TenantSettings = settingsItem ? toSettings(settingsItem) : { nexus: 'all', illinois: DEFAULT_ILLINOIS, declarationSecret: '', updatedAt: '' };
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
        Key: keys.tenantSettings(tenant),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toSettings(out.Attributes!);
  }

  async createLocation(tenant: Tenant, location: Location): Promise<void> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keys.location(tenant, location.code), entity: 'location', ...location },
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
        Item: { ...keys.item(tenant, item.sku), GSI1PK: lists.items(tenant), GSI1SK: `${item.created_at}#${item.sku}`, entity: 'catalog_item', ...item },
      }),
    );
  }

  /** The catalog, newest first. */
  async listItems(tenant: Tenant, limit: number, cursor: Record<string, unknown> | undefined): Promise<{ items: CatalogItem[]; next: Record<string, unknown> | undefined }> {
    const { items, next } = await gsi1Page(this.db, this.table, lists.items(tenant), [], limit, cursor);
    return { items: items.map(toCatalogItem), next };
  }


  /** The catalog entries for the given SKUs (absent SKUs are simply missing from the map). */
  async itemsBySku(tenant: Tenant, skus: readonly string[]): Promise<Map<string, CatalogItem>> {
    const items = await batchGetAll(this.db, this.table, [...new Set(skus)].map((sku) => keys.item(tenant, sku)));
    return new Map(items.map((item) => [String(item.sku), toCatalogItem(item)]));
  }

}
