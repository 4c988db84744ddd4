// A tenant's configuration (entities/tenant-settings.ts, location.ts) and SKU catalog
// (entities/catalog-item.ts) in DynamoDB. Settings and locations share one key prefix so a single
// Query returns all of them.
import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import type { SettingsPatch, TenantRepository } from '../../core/account/ports';
import { type CatalogItem, DEFAULT_ILLINOIS, type Location, type TenantConfig, type TenantSettings } from '../../core/account/settings';
import { DomainError } from '../../core/errors';
import type { Page, PageRequest } from '../../core/lists/paging';
import { catalogItemEntity } from './entities/catalog-item';
import { locationEntity } from './entities/location';
import { CONFIG_PREFIX, tenantSettingsEntity } from './entities/tenant-settings';
import { batchGetAll, listPage, queryAll } from './query-page';

const newSecret = (): string => randomBytes(32).toString('base64url');

export class TenantStore implements TenantRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Settings and locations in one Query. A tenant that never stored settings gets the defaults. */
  async config(tenant: Tenant): Promise<TenantConfig> {
    const settingsKey = tenantSettingsEntity.key(tenant);
    const items = await queryAll(this.db, this.table, settingsKey.PK, CONFIG_PREFIX);
    const settingsItem = items.find((i) => i.SK === settingsKey.SK);
    const settings: TenantSettings = settingsItem
      ? tenantSettingsEntity.read(settingsItem)
      : { nexus: 'all', registrations: [], illinois: DEFAULT_ILLINOIS, declarationSecret: '', updatedAt: '' };
    const locations = items.filter(locationEntity.isLocation).map(locationEntity.read);
    return { settings, locations };
  }

  /**
   * Creates or merges settings in one write and returns them as written; the declaration secret is
   * created once, never replaced.
   */
  async updateSettings(tenant: Tenant, patch: SettingsPatch, at: string): Promise<TenantSettings> {
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: tenantSettingsEntity.key(tenant),
        ...tenantSettingsEntity.update(patch, at, newSecret()),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return tenantSettingsEntity.read(out.Attributes);
  }

  async createLocation(tenant: Tenant, location: Location): Promise<void> {
    try {
      await this.db.send(
        new PutCommand({ TableName: this.table, Item: locationEntity.item(tenant, location), ConditionExpression: 'attribute_not_exists(PK)' }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException)
        throw new DomainError('conflict', 'A location with this code already exists.', undefined, undefined, { cause: error });
      throw error;
    }
  }

  /** Adds or replaces a SKU: the catalog maps a SKU to its current tax code. */
  async putItem(tenant: Tenant, item: CatalogItem): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: catalogItemEntity.item(tenant, item) }));
  }

  /** The catalog, newest first. */
  async listItems(tenant: Tenant, page: PageRequest): Promise<Page<CatalogItem>> {
    const { items, next_cursor } = await listPage(this.db, this.table, catalogItemEntity.list(tenant), [], page);
    return { data: items.map(catalogItemEntity.read), next_cursor };
  }

  /** The catalog entries for the given SKUs (absent SKUs are simply missing from the map). */
  async itemsBySku(tenant: Tenant, skus: readonly string[]): Promise<Map<string, CatalogItem>> {
    const items = await batchGetAll(
      this.db,
      this.table,
      [...new Set(skus)].map((sku) => catalogItemEntity.key(tenant, sku)),
    );
    return new Map(items.map(catalogItemEntity.read).map((item) => [item.sku, item]));
  }
}
