// Customers of a tenant: one item each, listed newest first through GSI1.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import type { Tenant } from '../../core/access/records';
import type { Customer } from '../../core/customers/customer';
import type { CustomerRepository } from '../../core/customers/ports';
import { DomainError } from '../../core/errors';
import type { Page, PageRequest } from '../../core/lists/paging';
import { keyFits, maybe, parseItem } from './item-schema';
import { gsi1Page } from './query-page';
import { listPartitions, tableKeys } from './table-keys';

const CustomerItem = v.object({
  customer_code: v.string(),
  name: maybe(v.string()),
  location_code: maybe(v.string()),
  created_at: v.string(),
  certificate_ids: v.optional(v.array(v.string()), []),
});

function toCustomer(item: unknown): Customer {
  const c = parseItem(CustomerItem, item, 'customer');
  return {
    customer_code: c.customer_code,
    name: c.name ?? null,
    location_code: c.location_code ?? null,
    created_at: c.created_at,
    certificate_ids: c.certificate_ids,
  };
}

export class CustomerStore implements CustomerRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(tenant: Tenant, customer: Omit<Customer, 'certificate_ids'>): Promise<void> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...tableKeys.customer(tenant, customer.customer_code),
            GSI1PK: listPartitions.customers(tenant),
            GSI1SK: `${customer.created_at}#${customer.customer_code}`,
            entity: 'customer',
            customer_code: customer.customer_code,
            name: customer.name ?? undefined,
            location_code: customer.location_code ?? undefined,
            created_at: customer.created_at,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw new DomainError('conflict', 'A customer with this code already exists.');
      throw error;
    }
  }

  async get(tenant: Tenant, code: string): Promise<Customer | null> {
    const key = tableKeys.customer(tenant, code);
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item ? toCustomer(out.Item) : null;
  }

  async list(tenant: Tenant, locationCode: string | null, page: PageRequest): Promise<Page<Customer>> {
    const { items, next_cursor } = await gsi1Page(this.db, this.table, listPartitions.customers(tenant), [['location_code', '=', locationCode]], page);
    return { data: items.map(toCustomer), next_cursor };
  }

  async rename(tenant: Tenant, code: string, name: string | null): Promise<Customer | null> {
    const key = tableKeys.customer(tenant, code);
    if (!keyFits(key)) return null;
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key,
          ...(name === null ? { UpdateExpression: 'REMOVE #name' } : { UpdateExpression: 'SET #name = :name', ExpressionAttributeValues: { ':name': name } }),
          ExpressionAttributeNames: { '#name': 'name' },
          ConditionExpression: 'attribute_exists(PK)',
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toCustomer(out.Attributes);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }

  async delete(tenant: Tenant, code: string): Promise<boolean> {
    const key = tableKeys.customer(tenant, code);
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
        throw new DomainError('conflict', 'The customer has exemption certificates, which are kept as evidence: it cannot be deleted.');
      }
      throw error;
    }
  }
}
