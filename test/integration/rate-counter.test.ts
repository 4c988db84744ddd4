// Token grants against DynamoDB Local: leases never take the window past its limit, and the last
// tokens go one by one.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { expect, inject, it } from 'vitest';
import { DynamoRateCounter } from '../../functions/adapters/dynamodb/rate-counter';
import { MAIN_TABLE } from '../../functions/manifest/resources';
import { localTableName } from '../../lib/local/provision';
import { unique } from '../support/http';
import { describeLocal } from '../support/target';

const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: 'us-east-1', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } }),
);
const counter = new DynamoRateCounter(db, localTableName(MAIN_TABLE));

describeLocal('rate counter', () => {
  it('grants leases while they fit, then single tokens, then none', async () => {
    const key = unique('key');
    const now = Date.parse('2026-11-22T10:00:10Z');
    const grants = [];
    for (let i = 0; i < 6; i++) grants.push((await counter.take(key, 'general', 10, 3, now)).granted);
    expect(grants).toEqual([3, 3, 3, 1, 0, 0]);
    // A new window starts from zero.
    expect((await counter.take(key, 'general', 10, 3, now + 60_000)).granted).toBe(3);
  });

  it('never over-admits under concurrency', async () => {
    const key = unique('key');
    const now = Date.parse('2026-11-22T10:00:10Z');
    const grants = await Promise.all(Array.from({ length: 40 }, () => counter.take(key, 'general', 50, 4, now)));
    expect(grants.reduce((s, g) => s + g.granted, 0)).toBe(50);
  });
});
