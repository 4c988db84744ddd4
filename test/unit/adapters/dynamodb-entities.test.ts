// The DynamoDB adapters' entity declarations (functions/adapters/dynamodb/entities/): the items
// they write keep the keys and attributes existing data directories hold, the list index is the
// table's own, the stores compose their joint writes through atomic-write.ts rather than through
// one another, and an AWS error a store translates stays the cause of its DomainError without
// reaching a response.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CertificateStore } from '../../../functions/adapters/dynamodb/certificate-store';
import { CustomerStore } from '../../../functions/adapters/dynamodb/customer-store';
import { apiKeyEntity } from '../../../functions/adapters/dynamodb/entities/api-key';
import { batchEntity } from '../../../functions/adapters/dynamodb/entities/batch';
import { batchChunkEntity } from '../../../functions/adapters/dynamodb/entities/batch-chunk';
import { batchItemEntity } from '../../../functions/adapters/dynamodb/entities/batch-item';
import { catalogItemEntity } from '../../../functions/adapters/dynamodb/entities/catalog-item';
import { customerEntity } from '../../../functions/adapters/dynamodb/entities/customer';
import { eventEntity } from '../../../functions/adapters/dynamodb/entities/event';
import { LIST_INDEX, LIST_PK, LIST_SK } from '../../../functions/adapters/dynamodb/entities/list-index';
import { locationEntity } from '../../../functions/adapters/dynamodb/entities/location';
import { pendingWorkEntity } from '../../../functions/adapters/dynamodb/entities/pending-work';
import { summaryEntity } from '../../../functions/adapters/dynamodb/entities/summary';
import { tenantSettingsEntity } from '../../../functions/adapters/dynamodb/entities/tenant-settings';
import { usageCounterEntity } from '../../../functions/adapters/dynamodb/entities/usage-counter';
import type { ApiKeyRecord } from '../../../functions/core/access/records';
import type { BatchHeader } from '../../../functions/core/batches/batch';
import type { Certificate } from '../../../functions/core/certificates/certificate';
import { DomainError } from '../../../functions/core/errors';
import { errorResponse, toDomainError } from '../../../functions/http/error-response';
import { MAIN_TABLE } from '../../../functions/manifest/resources';
import { tenantPrincipal } from '../../support/fakes';

const TENANT = { accountId: 'acct_1', environment: 'sandbox' as const };
const AT = '2026-04-20T10:00:00.000Z';
const DIR = join(import.meta.dirname, '..', '..', '..', 'functions', 'adapters', 'dynamodb');

describe('the entity declarations', () => {
  it('list through the main table’s one index, whose names only the manifest spells', () => {
    expect([LIST_INDEX, LIST_PK, LIST_SK]).toEqual([
      MAIN_TABLE.globalIndexes[0]?.name,
      MAIN_TABLE.globalIndexes[0]?.partitionKey,
      MAIN_TABLE.globalIndexes[0]?.sortKey,
    ]);
    const sources = [...readdirSync(DIR), ...readdirSync(join(DIR, 'entities')).map((f) => `entities/${f}`)].filter((f) => f.endsWith('.ts'));
    for (const file of sources) expect(readFileSync(join(DIR, file), 'utf8'), file).not.toMatch(/GSI1/);
  });

  it('write the keys and attributes stored before', () => {
    expect(customerEntity.item(TENANT, { customer_code: 'C1', name: null, location_code: 'L1', created_at: AT })).toEqual({
      PK: 'TENANT#acct_1#sandbox',
      SK: 'CUSTOMER#C1',
      GSI1PK: 'CUSTOMERS#acct_1#sandbox',
      GSI1SK: `${AT}#C1`,
      entity: 'customer',
      customer_code: 'C1',
      name: undefined,
      location_code: 'L1',
      created_at: AT,
    });
    expect(locationEntity.item(TENANT, { code: 'L1', name: 'Shop', state: 'NY', zip: '10001', illinois_verified: false, created_at: AT })).toMatchObject({
      PK: 'TENANT#acct_1#sandbox',
      SK: 'CONFIG#LOCATION#L1',
      entity: 'location',
    });
    expect(tenantSettingsEntity.key(TENANT)).toEqual({ PK: 'TENANT#acct_1#sandbox', SK: 'CONFIG#SETTINGS' });
    expect(catalogItemEntity.item(TENANT, { sku: 'S', tax_code: '40030', description: null, created_at: AT })).toEqual({
      PK: 'TENANT#acct_1#sandbox',
      SK: 'ITEM#S',
      GSI1PK: 'ITEMS#acct_1#sandbox',
      GSI1SK: `${AT}#S`,
      entity: 'catalog_item',
      sku: 'S',
      tax_code: '40030',
      description: null,
      created_at: AT,
    });
    const key = { id: 'key_1', kind: 'provider', practiceId: 'prac_1', accountId: null } as unknown as ApiKeyRecord;
    expect(apiKeyEntity.lookupKey('h')).toEqual({ PK: 'APIKEY#h', SK: 'APIKEY' });
    expect(apiKeyEntity.listingItem({ ...key, scopes: [] }, 'h')).toMatchObject({ PK: 'PRACTICE#prac_1', SK: 'KEY#key_1', entity: 'api_key', keyHash: 'h' });
    expect(apiKeyEntity.listingKey({ kind: 'account', accountId: 'acct_1' }, 'k')).toEqual({ PK: 'ACCOUNT#acct_1', SK: 'KEY#k' });
    expect(customerEntity.addCertificate('T', TENANT, 'C1', 'cert_1').Update).toMatchObject({ Key: { PK: 'TENANT#acct_1#sandbox', SK: 'CUSTOMER#C1' } });
    expect(summaryEntity.key(TENANT, { state: 'NY', period: '2026-04', location: '*' }, 3)).toEqual({ PK: 'SUM#acct_1#sandbox#NY#2026-04#*#3', SK: 'SUM' });
    expect(pendingWorkEntity.delete('T', { kind: 'batch', tenant: TENANT, id: 'bat_1' }).Delete.Key.SK).toBe('batch#acct_1#sandbox#bat_1');
    expect(eventEntity.put('T', TENANT, { type: 'batch.completed', version: 1, at: AT, data: {} as never }).Put.Item).toMatchObject({
      PK: expect.stringMatching(/^EVENTS#acct_1#sandbox#\d+$/),
      SK: expect.stringMatching(new RegExp(`^${AT}#evt_`)),
      entity: 'event',
      delivery: 'pending',
    });
  });

  it('keep a customer’s profile on its own item, out of the customer /api/v1 reads', () => {
    const customer = { customer_code: 'av.1', name: 'Jane', location_code: null, created_at: AT };
    const profile = { source: 'avatax', code: 'jane@example.com', line1: '1 Main St', is_bill: true, updated_at: AT } as const;
    const item = customerEntity.item(TENANT, customer, profile);
    expect(item).toMatchObject({ SK: 'CUSTOMER#av.1', entity: 'customer', profile });
    expect(customerEntity.read(item)).toEqual({ ...customer, certificate_ids: [] });
    expect(customerEntity.readProfiled(item)).toEqual({ customer: { ...customer, certificate_ids: [] }, profile });
    expect(customerEntity.readProfiled(customerEntity.item(TENANT, customer)).profile).toBeNull();
    expect(customerEntity.replaceProfile('T', TENANT, 'av.1', null, profile)).toMatchObject({
      Key: { PK: 'TENANT#acct_1#sandbox', SK: 'CUSTOMER#av.1' },
      UpdateExpression: 'SET #profile = :profile REMOVE #name',
      ConditionExpression: 'attribute_exists(PK)',
    });
  });

  it('keep a batch in one partition: tallies sort before the header, items after', () => {
    const batch = { kind: 'return_job', id: 'rjob_1', tenant: TENANT, created_at: AT, deadline_at: AT, expires_at: null, principal: tenantPrincipal() };
    const header = batchEntity.item(batch as unknown as BatchHeader);
    expect(header).toMatchObject({ PK: 'BATCH#acct_1#sandbox#rjob_1', SK: 'HEADER', GSI1PK: 'RETURNJOBS#acct_1#sandbox', entity: 'batch' });
    const tally = batchChunkEntity.put('T', batch, { chunk: 4, succeeded: 1, failed: 0 }).Put.Item;
    const item = batchItemEntity.pendingItem(batch, { index: 42, reference_id: 'r', operation: 'summarize', request: {} });
    expect([tally.SK, item.SK]).toEqual(['CHUNK#0004', 'ITEM#00042']);
    expect([tally.SK < String(header.SK), String(item.SK) > String(header.SK)]).toEqual([true, true]);
  });

  it('count usage per account, day, environment, key and slot', () => {
    const charge = { owner: { accountId: 'acct_1', environment: 'sandbox' as const, keyId: 'key_1' }, day: '2026-04-20', kind: 'commit' as const, units: 2 };
    expect(usageCounterEntity.updates('U', [charge, { ...charge, kind: 'calculation', units: 1 }], '7')).toEqual([
      {
        Update: {
          TableName: 'U',
          Key: { PK: 'USAGE#acct_1', SK: '2026-04-20#sandbox#key_1#7' },
          UpdateExpression: 'ADD #k0 :k0, #k1 :k1',
          ExpressionAttributeNames: { '#k0': 'commit', '#k1': 'calculation' },
          ExpressionAttributeValues: { ':k0': 2, ':k1': 1 },
        },
      },
    ]);
  });
});

describe('the stores', () => {
  const failing = (error: Error) => ({ send: async () => Promise.reject(error) }) as unknown as DynamoDBDocumentClient;

  it('keep the AWS error a refusal was translated from as its cause, and no response carries it', async () => {
    const refused = new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    const conflict = await new CustomerStore(failing(refused), 'T')
      .create(TENANT, { customer_code: 'C1', name: null, location_code: null, created_at: AT })
      .catch((e) => e);
    expect(conflict).toBeInstanceOf(DomainError);
    expect(conflict).toMatchObject({ code: 'conflict', cause: refused });

    const cancelled = new TransactionCanceledException({
      message: 'Transaction cancelled [None, ConditionalCheckFailed]',
      $metadata: {},
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
    const certificate = { id: 'cert_1', customer_code: 'C9', created_at: AT } as unknown as Certificate;
    const missing = await new CertificateStore(failing(cancelled), 'T').create(TENANT, certificate).catch((e) => e);
    expect(missing).toMatchObject({ code: 'not_found', cause: cancelled });

    for (const error of [conflict, missing]) {
      const body = errorResponse(toDomainError(error), 'req-1').body;
      expect(body).toBe(errorResponse(new DomainError(error.code, error.message), 'req-1').body);
      expect(body).not.toMatch(/cause|ConditionalCheckFailed|cancelled/i);
    }
    const internal = errorResponse(toDomainError(new Error('boom', { cause: refused })), 'req-1');
    expect(internal.statusCode).toBe(500);
    expect(internal.body).not.toMatch(/cause|boom|conditional/i);
  });
});
