// Customers of a tenant: one item each, listed newest first through GSI1.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import type { Customer } from '../../core/customers/customer';
import { DomainError } from '../../core/errors';
import { keys, lists } from './keys';
import { gsi1Page } from './query-page';


const toCustomer = (item: Record<string, unknown>): Customer => ({
  customer_code: String(item.customer_code),
  name: (item.name as string | undefined) ?? null,
  location_code: (item.location_code as string | undefined) ?? null,
  created_at: String(item.created_at),
  certificate_ids: (item.certificate_ids as string[] | undefined) ?? [],
});

export class CustomerStore {
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
            ...keys.customer(tenant, customer.customer_code),
            GSI1PK: lists.customers(tenant),
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
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.customer(tenant, code), ConsistentRead: true }));
    return out.Item ? toCustomer(out.Item) : null;
  }

  async list(tenant: Tenant, locationCode: string | null, limit: number, cursor: Record<string, unknown> | undefined) {
    const { items, next } = await gsi1Page(this.db, this.table, lists.customers(tenant), [['location_code', '=', locationCode]], limit, cursor);
    return { customers: items.map(toCustomer), next };
  }

}
