// Exemption certificates (entities/certificate.ts): one item each, changed only with a version
// condition, with the change's events in the same transaction.
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import type { Certificate } from '../../core/certificates/certificate';
import type { CertificateFilters, CertificateRepository, StoredCertificate } from '../../core/certificates/ports';
import { DomainError } from '../../core/errors';
import type { EventDraft } from '../../core/events/catalogue';
import type { Page, PageRequest } from '../../core/lists/paging';
import { AtomicWrite } from './atomic-write';
import { type ConditionMeaning, staleWrite } from './cancellation';
import { certificateEntity } from './entities/certificate';
import { customerEntity } from './entities/customer';
import { eventEntity } from './entities/event';
import { keyFits } from './item-schema';
import { batchGetAll, listPage } from './query-page';

const customerMissing: ConditionMeaning = (_reason, cause) =>
  new DomainError('not_found', 'No customer with this code exists in the scope of this key.', undefined, undefined, { cause });

export class CertificateStore implements CertificateRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Writes the certificate and lists it on its customer in one transaction (the customer must exist). */
  async create(tenant: Tenant, certificate: Certificate): Promise<void> {
    await new AtomicWrite()
      // Taken id: a lost race with another attempt of the same submission (the id derives from it), whose re-run finds it.
      .add(
        { Put: { TableName: this.table, Item: certificateEntity.item(tenant, certificate, 1), ConditionExpression: 'attribute_not_exists(PK)' } },
        staleWrite,
      )
      .add(customerEntity.addCertificate(this.table, tenant, certificate.customer_code, certificate.id), customerMissing)
      .send(this.db);
  }

  async get(tenant: Tenant, id: string): Promise<StoredCertificate | null> {
    const key = certificateEntity.key(tenant, id);
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item ? certificateEntity.read(out.Item) : null;
  }

  async getMany(tenant: Tenant, ids: readonly string[]): Promise<Map<string, Certificate>> {
    const wanted = [...new Set(ids)].map((id) => certificateEntity.key(tenant, id)).filter(keyFits);
    const items = await batchGetAll(this.db, this.table, wanted);
    return new Map(items.map((i) => certificateEntity.read(i).certificate).map((c) => [c.id, c]));
  }

  async update(tenant: Tenant, certificate: Certificate, expectedVersion: number, events: readonly EventDraft[]): Promise<void> {
    await new AtomicWrite()
      .add(
        {
          Put: {
            TableName: this.table,
            Item: certificateEntity.item(tenant, certificate, expectedVersion + 1),
            ConditionExpression: 'version = :expected',
            ExpressionAttributeValues: { ':expected': expectedVersion },
          },
        },
        staleWrite,
      )
      .addAll(eventEntity.puts(this.table, tenant, events))
      .send(this.db);
  }

  async list(tenant: Tenant, filters: CertificateFilters, page: PageRequest): Promise<Page<Certificate>> {
    const conditions = [
      ['customer_code', '=', filters.customer_code],
      ['location_code', '=', filters.location_code],
    ] as const;
    const { items, next_cursor } = await listPage(this.db, this.table, certificateEntity.list(tenant), conditions, page);
    return { data: items.map((i) => certificateEntity.read(i).certificate), next_cursor };
  }
}
