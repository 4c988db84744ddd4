// Metered usage in DynamoDB (functions/manifest/resources.ts USAGE_TABLE). One item per account, environment,
// key, UTC day and slot; one numeric attribute per billable kind, increased with ADD (which creates
// it at zero), so a counter never needs a read first.
//   - Units that come with a write (a committed document, a lifecycle change, a batch chunk's
//     results) are an Update inside that write's TransactWriteItems (`usageUpdates`): they land
//     with it or not at all, and a retry or replay the write's conditions refuse counts nothing.
//   - Calculations store nothing; their units come from the usage journal (core/usage/journal.ts),
//     a chunk at a time by `applyOnce`: one TransactWriteItems of the chunk's marker (a Put that
//     must not exist yet) and its counters' ADDs, so a chunk delivered again adds nothing.
// Readers Query an account's partition by day range and sum the slots (core/usage). Markers live
// in partitions of their own (`APPLIED#…`), which no reader's key range or filter meets.
import { createHash } from 'node:crypto';
import { paginateQuery, paginateScan, TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import * as v from 'valibot';
import type { JournalChunk } from '../../core/usage/journal';
import { DOCUMENT_SLOTS, USAGE_KINDS, type UsageCharge, type UsageKind, type UsageRow } from '../../core/usage/usage';
import { parseItem } from './item-schema';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const usagePk = (accountId: string): string => `USAGE#${accountId}`;
const usageSk = (c: UsageCharge, slot: string): string => `${c.day}#${c.owner.environment}#${c.owner.keyId}#${slot}`;

/** The document slot of a code (or any string that spreads writes: a batch chunk). */
export const usageSlotOf = (spread: string): string => String(createHash('sha256').update(spread).digest().readUInt32BE(0) % DOCUMENT_SLOTS);

/** Charges to one item (same owner, day and slot) become one ADD of every kind's units. */
function addExpression(charges: readonly UsageCharge[]): {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
} {
  const units = new Map<UsageKind, number>();
  for (const c of charges) units.set(c.kind, (units.get(c.kind) ?? 0) + c.units);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds = [...units].map(([kind, n], i) => {
    names[`#k${i}`] = kind;
    values[`:k${i}`] = n;
    return `#k${i} :k${i}`;
  });
  return { UpdateExpression: `ADD ${adds.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

const sameItem = (a: UsageCharge, b: UsageCharge): boolean =>
  a.owner.accountId === b.owner.accountId && a.owner.environment === b.owner.environment && a.owner.keyId === b.owner.keyId && a.day === b.day;

/** Groups charges by the item they land on (a transaction may touch an item once). */
function byItem(charges: readonly UsageCharge[]): UsageCharge[][] {
  const groups: UsageCharge[][] = [];
  for (const c of charges) {
    if (c.units <= 0) continue;
    const group = groups.find((g) => sameItem(g[0]!, c));
    if (group) group.push(c);
    else groups.push([c]);
  }
  return groups;
}

/** The Update items that add `charges` inside a TransactWriteItems, in `slot`: one per owner and day. */
export function usageUpdates(table: string, charges: readonly UsageCharge[], slot: string): TransactItem[] {
  return byItem(charges).map((group) => ({
    Update: { TableName: table, Key: { PK: usagePk(group[0]!.owner.accountId), SK: usageSk(group[0]!, slot) }, ...addExpression(group) },
  }));
}

/** A journal chunk's marker: its own partition, so no usage Query meets it and the export's filter leaves it out. */
const markerPk = (marker: string): string => `APPLIED#${marker}`;
const MARKER_SK = 'APPLIED';
export const MARKER_TTL_DAYS = 30;
const MAX_CONFLICT_ATTEMPTS = 12;

const Stored = v.looseObject({ PK: v.pipe(v.string(), v.startsWith('USAGE#')), SK: v.string() });

function rowOf(item: Record<string, unknown>): UsageRow {
  const { PK, SK } = parseItem(Stored, item, 'usage counter');
  const [day, environment, ...rest] = SK.split('#');
  rest.pop(); // the slot
  if (!day || (environment !== 'sandbox' && environment !== 'production') || rest.length === 0)
    throw new Error(`stored usage counter has a malformed sort key: ${SK}`);
  const units: Partial<Record<UsageKind, number>> = {};
  for (const kind of USAGE_KINDS) if (typeof item[kind] === 'number') units[kind] = item[kind];
  return { accountId: PK.slice('USAGE#'.length), environment, keyId: rest.join('#'), day, units };
}

export class UsageStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /**
   * A journal chunk's counters and its marker in one TransactWriteItems (core/usage/journal.ts):
   * the marker's Put must find no marker, so a chunk delivered again is refused whole and counts as
   * applied before (false). Another writer on a counter item cancels it (TransactionConflict):
   * tried again, jittered, like any lost race. Markers expire after MARKER_TTL_DAYS, well beyond
   * the six hours Lambda retries an asynchronous invocation.
   */
  async applyOnce(chunk: JournalChunk): Promise<boolean> {
    const input = {
      TransactItems: [
        {
          Put: {
            TableName: this.table,
            Item: { PK: markerPk(chunk.marker), SK: MARKER_SK, ttl: Math.floor(Date.now() / 1000) + MARKER_TTL_DAYS * 86_400 },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        ...usageUpdates(this.table, chunk.charges, chunk.slot),
      ],
    };
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db.send(new TransactWriteCommand(input));
        return true;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        if (reasons[0]?.Code === 'ConditionalCheckFailed') return false;
        if (!reasons.some((r) => r.Code === 'TransactionConflict') || attempt >= MAX_CONFLICT_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(500, 10 * 2 ** attempt)));
      }
    }
  }

  /** An account's counters from `from` to `to` (inclusive days), every slot, both environments. */
  read(accountId: string, from: string, to: string): Promise<UsageRow[]> {
    const input = {
      TableName: this.table,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': usagePk(accountId), ':from': `${from}#`, ':to': `${to}#~` },
      ConsistentRead: true,
    };
    return rowsOf(paginateQuery({ client: this.db }, input));
  }

  /** Every account's counters from `from` to `to` (the operator's export): a Scan of the usage table. */
  readAll(from: string, to: string): Promise<UsageRow[]> {
    const input = {
      TableName: this.table,
      FilterExpression: 'begins_with(PK, :usage) AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':usage': usagePk(''), ':from': `${from}#`, ':to': `${to}#~` },
      ConsistentRead: true,
    };
    return rowsOf(paginateScan({ client: this.db }, input));
  }
}

/** Every counter row of a Query's or Scan's pages (the SDK's paginator follows LastEvaluatedKey). */
async function rowsOf(pages: AsyncIterable<{ Items?: Record<string, unknown>[] }>): Promise<UsageRow[]> {
  const rows: UsageRow[] = [];
  for await (const page of pages) for (const item of page.Items ?? []) rows.push(rowOf(item));
  return rows;
}
