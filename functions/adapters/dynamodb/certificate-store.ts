// Exemption certificates: one item each (the record as JSON plus the attributes lists filter on),
// changed only with a version condition, with the change's events in the same transaction.
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import type { Tenant } from '../../core/access/records';
import { EXEMPTION_REASONS, SIGNATURE_TYPES, type Certificate } from '../../core/certificates/certificate';
import type { CertificateFilters, CertificateRepository, StoredCertificate } from '../../core/certificates/ports';
import { DomainError } from '../../core/errors';
import type { EventDraft } from '../../core/events/catalogue';
import type { Page, PageRequest } from '../../core/lists/paging';
import { cancellation, staleWrite } from './cancellation';
import { eventPut } from './events';
import { keyFits, maybe, parseItem } from './item-schema';
import { batchGetAll, gsi1Page } from './query-page';
import { listPartitions, tableKeys } from './table-keys';

const Person = v.object({ name: v.string(), title: maybe(v.string()) });
const CertificateRecord = v.object({
  id: v.string(),
  customer_code: v.string(),
  location_code: v.nullable(v.string()),
  jurisdiction: v.string(),
  exemption_reason: v.picklist(EXEMPTION_REASONS),
  exemption_number: v.nullable(v.string()),
  valid_from: v.string(),
  valid_to: v.string(),
  signer: v.nullable(Person),
  signature_type: v.nullable(v.picklist(SIGNATURE_TYPES)),
  evidence_reference: v.nullable(v.string()),
  document_sha256: v.nullable(v.string()),
  status: v.picklist(['pending', 'active']),
  reviewer: v.nullable(Person),
  review_authority: v.nullable(v.picklist(['account', 'provider'])),
  activated_at: v.nullable(v.string()),
  assigned_at: v.nullable(v.string()),
  created_at: v.string(),
  audit: v.array(
    v.object({
      action: v.picklist(['created', 'activated', 'assigned']),
      at: v.string(),
      key_id: v.string(),
      key_prefix: v.string(),
      practice_id: v.nullable(v.string()),
      engagement_id: v.nullable(v.number()),
      status: v.picklist(['pending', 'active']),
    }),
  ),
});
const CertificateItem = v.object({ version: v.number(), doc: v.string() });

function decode(item: unknown): StoredCertificate {
  const { version, doc } = parseItem(CertificateItem, item, 'certificate');
  return { certificate: parseItem(CertificateRecord, JSON.parse(doc), 'certificate'), version };
}

function item(tenant: Tenant, certificate: Certificate, version: number) {
  return {
    ...tableKeys.certificate(tenant, certificate.id),
    GSI1PK: listPartitions.certificates(tenant),
    GSI1SK: `${certificate.created_at}#${certificate.id}`,
    entity: 'certificate',
    customer_code: certificate.customer_code,
    location_code: certificate.location_code ?? undefined,
    status: certificate.status,
    version,
    doc: JSON.stringify(certificate),
  };
}

export class CertificateStore implements CertificateRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Writes the certificate and lists it on its customer in one transaction (the customer must exist). */
  async create(tenant: Tenant, certificate: Certificate): Promise<void> {
    const customerMissing = () => new DomainError('not_found', 'No customer with this code exists in the scope of this key.');
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.table, Item: item(tenant, certificate, 1), ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Update: {
                TableName: this.table,
                Key: tableKeys.customer(tenant, certificate.customer_code),
                UpdateExpression: 'SET certificate_ids = list_append(if_not_exists(certificate_ids, :none), :id)',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeValues: { ':none': [], ':id': [certificate.id] },
              },
            },
          ],
        }),
      );
    } catch (error) {
      // The id is random: its condition can only fail as a lost race, retried with the same id.
      throw cancellation(error, [staleWrite, customerMissing]);
    }
  }

  async get(tenant: Tenant, id: string): Promise<StoredCertificate | null> {
    const key = tableKeys.certificate(tenant, id);
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item ? decode(out.Item) : null;
  }

  async getMany(tenant: Tenant, ids: readonly string[]): Promise<Map<string, Certificate>> {
    const wanted = [...new Set(ids)].map((id) => tableKeys.certificate(tenant, id)).filter(keyFits);
    const items = await batchGetAll(this.db, this.table, wanted);
    return new Map(items.map((i) => decode(i).certificate).map((c) => [c.id, c]));
  }

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
      throw cancellation(error, [staleWrite]);
    }
  }

  async list(tenant: Tenant, filters: CertificateFilters, page: PageRequest): Promise<Page<Certificate>> {
    const conditions = [
      ['customer_code', '=', filters.customer_code],
      ['location_code', '=', filters.location_code],
    ] as const;
    const { items, next_cursor } = await gsi1Page(this.db, this.table, listPartitions.certificates(tenant), conditions, page);
    return { data: items.map((i) => decode(i).certificate), next_cursor };
  }
}
