// Customers of a tenant (entities/customer.ts): one item each, listed newest first, with the
// profile a compatible API keeps for it on the same item.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import type { Customer, CustomerChanges } from '../../core/customers/customer';
import type { CustomerProfileRepository, CustomerRepository } from '../../core/customers/ports';
import type { CustomerProfile, ProfiledCustomer } from '../../core/customers/profile';
import { DomainError } from '../../core/errors';
import type { Page, PageRequest } from '../../core/lists/paging';
import { AtomicWrite } from './atomic-write';
import { customerEntity } from './entities/customer';
import { keyFits } from './item-schema';
import { batchGetAll, listPage } from './query-page';

export class CustomerStore implements CustomerRepository, CustomerProfileRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(tenant: Tenant, customer: Omit<Customer, 'certificate_ids'>): Promise<void> {
    try {
      await this.db.send(
        new PutCommand({ TableName: this.table, Item: customerEntity.item(tenant, customer), ConditionExpression: 'attribute_not_exists(PK)' }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException)
        throw new DomainError('conflict', 'A customer with this code already exists.', undefined, undefined, { cause: error });
      throw error;
    }
  }

  async get(tenant: Tenant, code: string): Promise<Customer | null> {
    const key = customerEntity.key(tenant, code);
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item ? customerEntity.read(out.Item) : null;
  }

  async list(tenant: Tenant, locationCode: string | null, page: PageRequest): Promise<Page<Customer>> {
    const { items, next_cursor } = await listPage(this.db, this.table, customerEntity.list(tenant), [['location_code', '=', locationCode]], page);
    return { data: items.map(customerEntity.read), next_cursor };
  }

  async update(tenant: Tenant, code: string, changes: CustomerChanges): Promise<Customer | null> {
    const key = customerEntity.key(tenant, code);
    if (!keyFits(key)) return null;
    const set: string[] = [];
    const remove: string[] = [];
    const values: Record<string, unknown> = {};
    const names: Record<string, string> = {};
    for (const [field, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      names[`#${field}`] = field;
      if (value === null) remove.push(`#${field}`);
      else {
        set.push(`#${field} = :${field}`);
        values[`:${field}`] = value;
      }
    }
    if (set.length === 0 && remove.length === 0) return this.get(tenant, code);
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key,
          UpdateExpression: [set.length > 0 ? `SET ${set.join(', ')}` : '', remove.length > 0 ? `REMOVE ${remove.join(', ')}` : ''].join(' ').trim(),
          ExpressionAttributeNames: names,
          ...(set.length > 0 ? { ExpressionAttributeValues: values } : {}),
          ConditionExpression: 'attribute_exists(PK)',
          ReturnValues: 'ALL_NEW',
        }),
      );
      return customerEntity.read(out.Attributes);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }

  async delete(tenant: Tenant, code: string): Promise<boolean> {
    const key = customerEntity.key(tenant, code);
    if (!keyFits(key)) return false;
    try {
      await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: key,
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(certificate_ids) OR size(certificate_ids) = :zero)',
          ExpressionAttributeValues: { ':zero': 0 },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        if (!error.Item) return false;
        throw new DomainError('conflict', 'The customer has exemption certificates, which are kept as evidence: it cannot be deleted.', undefined, undefined, {
          cause: error,
        });
      }
      throw error;
    }
  }

  async createProfiled(
    tenant: Tenant,
    entries: readonly { readonly customer: Omit<Customer, 'certificate_ids'>; readonly profile: CustomerProfile }[],
  ): Promise<void> {
    const write = new AtomicWrite();
    for (const { customer, profile } of entries)
      write.add(
        { Put: { TableName: this.table, Item: customerEntity.item(tenant, customer, profile), ConditionExpression: 'attribute_not_exists(PK)' } },
        (_reason, cause) => new DomainError('conflict', `A customer with the code ${profile.code} already exists.`, undefined, undefined, { cause }),
      );
    await write.send(this.db);
  }

  async getProfiled(tenant: Tenant, code: string): Promise<ProfiledCustomer | null> {
    const key = customerEntity.key(tenant, code);
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item ? customerEntity.readProfiled(out.Item) : null;
  }

  async getManyProfiled(tenant: Tenant, codes: readonly string[]): Promise<Map<string, ProfiledCustomer>> {
    const keys = [...new Set(codes)].map((code) => customerEntity.key(tenant, code)).filter(keyFits);
    const items = await batchGetAll(this.db, this.table, keys);
    return new Map(items.map((i) => customerEntity.readProfiled(i)).map((p) => [p.customer.customer_code, p]));
  }

  async listProfiled(tenant: Tenant, locationCode: string | null, page: PageRequest): Promise<Page<ProfiledCustomer>> {
    const { items, next_cursor } = await listPage(this.db, this.table, customerEntity.list(tenant), [['location_code', '=', locationCode]], page);
    return { data: items.map(customerEntity.readProfiled), next_cursor };
  }

  async replaceProfile(tenant: Tenant, code: string, name: string | null, profile: CustomerProfile): Promise<ProfiledCustomer | null> {
    const key = customerEntity.key(tenant, code);
    if (!keyFits(key)) return null;
    try {
      const out = await this.db.send(new UpdateCommand({ ...customerEntity.replaceProfile(this.table, tenant, code, name, profile), ReturnValues: 'ALL_NEW' }));
      return customerEntity.readProfiled(out.Attributes);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }
}
