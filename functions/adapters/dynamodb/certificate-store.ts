// Exemption certificates: one item each (the record as JSON plus the attributes lists filter on),
// changed only with a version condition, with the change's event in the same transaction.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import type { Certificate } from '../../core/certificates/certificate';
import { DomainError } from '../../core/errors';
import { cancellation } from './cancellation';
import { eventPut, type EventDraft } from './events';
import { keys, lists } from './keys';
import { batchGetAll, gsi1Page } from './query-page';


export interface StoredCertificate {
  readonly certificate: Certificate;
  readonly version: number;
}

const decode = (item: Record<string, unknown>): StoredCertificate => ({ certificate: JSON.parse(String(item.doc)) as Certificate, version: Number(item.version) });

function item(tenant: Tenant, certificate: Certificate, version: number) {
  return {
    ...keys.certificate(tenant, certificate.id),
    GSI1PK: lists.certificates(tenant),
    GSI1SK: `${certificate.created_at}#${certificate.id}`,
    entity: 'certificate',
    customer_code: certificate.customer_code,
    location_code: certificate.location_code ?? undefined,
    status: certificate.status,
    version,
    doc: JSON.stringify(certificate),
  };
}

export class CertificateStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Writes the certificate and lists it on its customer in one transaction (the customer must exist). */
  async create(tenant: Tenant, certificate: Certificate): Promise<void> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.table, Item: item(tenant, certificate, 1), ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Update: {
                TableName: this.table,
                Key: keys.customer(tenant, certificate.customer_code),
                UpdateExpression: 'SET certificate_ids = list_append(if_not_exists(certificate_ids, :none), :id)',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeValues: { ':none': [], ':id': [certificate.id] },
              },
            },
          ],
        }),
      );
    } catch (error) {
      const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
      if (reasons[1]?.Code === 'ConditionalCheckFailed') throw new DomainError('not_found', 'No customer with this code exists in the scope of this key.');
      throw error;
    }
  }

  async get(tenant: Tenant, id: string): Promise<StoredCertificate | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.certificate(tenant, id), ConsistentRead: true }));
    return out.Item ? decode(out.Item) : null;
  }

  /** The certificates among `ids` that exist. */
  async getMany(tenant: Tenant, ids: readonly string[]): Promise<Map<string, Certificate>> {
    const items = await batchGetAll(this.db, this.table, [...new Set(ids)].map((id) => keys.certificate(tenant, id)));
    return new Map(items.map((item) => decode(item).certificate).map((c) => [c.id, c]));
  }


  /** Writes a changed certificate if it is still at `expectedVersion`, with its event. */
  async update(tenant: Tenant, certificate: Certificate, expectedVersion: number, events: readonly EventDraft[]): Promise<void> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: item(tenant, certificate, expectedVersion + 1),
                ConditionExpression: 'version = :expected',
                ExpressionAttributeValues: { ':expected': expectedVersion },
              },
            },
            ...events.map((event) => eventPut(this.table, tenant, event)),
          ],
        }),
      );
    } catch (error) {
      throw cancellation(error, 0, 1);
    }
  }

  async list(tenant: Tenant, filters: { customer_code?: string | undefined; location_code?: string | null }, limit: number, cursor: Record<string, unknown> | undefined) {
    const conditions = [['customer_code', '=', filters.customer_code], ['location_code', '=', filters.location_code]] as const;
    const { items, next } = await gsi1Page(this.db, this.table, lists.certificates(tenant), conditions, limit, cursor);
    return { certificates: items.map((i) => decode(i).certificate), next };
  }

}
