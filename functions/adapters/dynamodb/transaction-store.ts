// Committed documents in DynamoDB. One document change is one TransactWriteItems:
//   - new documents are Put with attribute_not_exists(PK): a second commit of a code, however close
//     in time, is cancelled by DynamoDB itself (duplicate_transaction) and leaves the first intact;
//   - a changed original is Put with `version = :expected`: two refunds (or a refund and a void)
//     that read the same version cannot both land; the loser re-reads and re-decides;
//   - the events of the change are written in the same transaction, so no change exists without them;
//   - so are the return summaries' increments (summary-store.ts): a summary never misses a document
//     (a summary item another transaction held spreads wider for the retry);
//   - a batch chunk's commits may share one transaction (writeEach): each is still whole or absent,
//     and one refused by its own condition is taken out and the rest sent again.
import { gunzipSync, gzipSync } from 'node:zlib';
import { TransactionCanceledException, type CancellationReason } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import type { Tenant } from '../../core/access/records';
import { DomainError } from '../../core/errors';
import type { Page, PageRequest } from '../../core/lists/paging';
import {
  DuplicateDocument,
  type DocumentChange,
  type Stored,
  type TransactionFilters,
  type TransactionRepository,
  type WriteOutcome,
} from '../../core/transactions/repository';
import type { TransactionRecord } from '../../core/transactions/transaction';
import { transactionSummaryView, type TransactionSummary } from '../../core/transactions/view';
import { keyOf, summaryDeltas, type SummaryDelta } from '../../core/returns/summary';
import type { UsageCharge } from '../../core/usage/usage';
import { itemFinished, itemResultPut } from './batch-store';
import { cancellation, staleWrite, type ConditionMeaning } from './cancellation';
import { eventPut } from './events';
import { keyFits, parseItem } from './item-schema';
import { gsi1Page } from './query-page';
import { shardOf, summariesCancelled, summariesWritten, summaryUpdates } from './summary-store';
import { usageSlotOf, usageUpdates } from './usage-store';
import { billedMetric } from '../../shared/metrics';
import { logger } from '../../shared/powertools';
import { listPartitions, tableKeys } from './table-keys';

/**
 * Documents above this size are stored gzipped: a ten-line document's 6.7 KB of JSON become 1.2 KB
 * (55 µs), which DynamoDB charges (write units by the KB, the list index's copy included) and DynamoDB
 * Local parses (JSON in a JSON string is its slowest path); a 1,000-line document stays far below
 * the 400 KB item limit. Both forms are read.
 */
const COMPRESS_ABOVE = 1024;

type Item = Record<string, unknown>;

const DocumentItem = v.object({ version: v.number(), doc: v.optional(v.string()), docz: v.optional(v.instance(Uint8Array)) });

const Money = v.number();
const Jurisdiction = v.object({ type: v.picklist(['state', 'county', 'city', 'special']), name: v.string(), rate: v.number(), taxable: Money, tax: Money });
const Line = v.object({
  number: v.string(),
  category: v.string(),
  amount: Money,
  discount: Money,
  taxable: Money,
  exempt: Money,
  tax: Money,
  rate: v.number(),
  tax_included: v.boolean(),
  jurisdictions: v.array(Jurisdiction),
  refunded_amount: Money,
  credited_tax: Money,
  remaining: v.object({ price: Money, taxable: Money, exempt: Money, tax: Money, jurisdictionTax: v.array(Money) }),
});
/** The parts of a stored document the lifecycle rules and views rely on. */
const DocumentRecord = v.object({
  code: v.string(),
  kind: v.picklist(['sale', 'refund', 'credit', 'reversal', 'replacement']),
  status: v.picklist(['committed', 'refunded', 'voided', 'adjusted']),
  tenant: v.object({ accountId: v.string(), environment: v.picklist(['sandbox', 'production']) }),
  date: v.string(),
  currency: v.literal('USD'),
  content_version: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
  lines: v.array(Line),
  refunds: v.array(v.string()),
  credits: v.array(v.string()),
});
const SummaryItem = v.object({ summary: v.string() });

function encode(record: TransactionRecord): Item {
  const json = JSON.stringify(record);
  return json.length > COMPRESS_ABOVE ? { docz: gzipSync(json) } : { doc: json };
}

function decode(item: unknown): Stored {
  const { version, doc, docz } = parseItem(DocumentItem, item, 'transaction');
  const json = docz ? gunzipSync(docz).toString('utf8') : doc;
  if (json === undefined) throw new Error('stored transaction has no document');
  const record: unknown = JSON.parse(json);
  parseItem(DocumentRecord, record, 'transaction document');
  // The schema checked the fields rules and views rely on; the rest is what the engine wrote.
  return { record: record as TransactionRecord, version };
}

function documentItem(record: TransactionRecord, version: number): Item {
  return {
    ...tableKeys.transaction(record.tenant, record.code),
    GSI1PK: listPartitions.transactions(record.tenant),
    GSI1SK: `${record.created_at}#${record.code}`,
    entity: 'transaction',
    code: record.code,
    kind: record.kind,
    status: record.status,
    date: record.date,
    customer_code: record.customer_code ?? undefined,
    location_code: record.location_code ?? undefined,
    version,
    // What lists show, so listing never decodes whole documents.
    summary: JSON.stringify(transactionSummaryView(record)),
    // Also an attribute of its own: a duplicate's cancellation returns the item, not a parsed document.
    request_sha256: record.request_sha256,
    ...encode(record),
  };
}

/** One change as transaction items: its own, what their failed conditions mean, and its summary deltas. */
interface ChangeParts {
  readonly items: readonly TransactItem[];
  readonly meanings: readonly ConditionMeaning[];
  readonly deltas: readonly SummaryDelta[];
  /** The documents it writes: a transaction may write each once. */
  readonly codes: readonly string[];
  /** Its billable units (merged per owner and day in a joined write). */
  readonly usage: readonly UsageCharge[];
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limits on one TransactWriteItems, with room under the 4 MB for attribute overhead. */
const MAX_ITEMS = 100;
const MAX_BYTES = 3_000_000;

/**
 * Packs changes, in order, into groups one transaction can hold: at most MAX_ITEMS items counting
 * the summary updates a group merges into one per summary, about MAX_BYTES, and no document twice
 * (a second commit of a code in the same chunk lands in a later group and fails as a duplicate).
 */
function joinGroups(all: readonly { index: number; parts: ChangeParts }[]): { index: number; parts: ChangeParts }[][] {
  const groups: { index: number; parts: ChangeParts }[][] = [];
  let group: (typeof groups)[number] = [];
  let items = 0;
  let bytes = 0;
  let codes = new Set<string>();
  let summaries = new Set<string>();
  for (const { index, parts } of all) {
    const size = JSON.stringify(parts.items).length;
    const newSummaries = new Set([...summaries, ...parts.deltas.map((d) => keyOf(d.key))]);
    // One more item for the group's usage counter (several owners in one group are rare: one batch is one key).
    const fits = items + parts.items.length + newSummaries.size + 1 <= MAX_ITEMS && bytes + size <= MAX_BYTES && !parts.codes.some((c) => codes.has(c));
    if (group.length > 0 && !fits) {
      groups.push(group);
      group = [];
      items = 0;
      bytes = 0;
      codes = new Set();
      summaries = new Set();
    }
    group.push({ index, parts });
    items += parts.items.length;
    bytes += size;
    for (const c of parts.codes) codes.add(c);
    for (const d of parts.deltas) summaries.add(keyOf(d.key));
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** The code taken, and the request hash the existing document was stored with (a string attribute as DynamoDB returns it). */
const duplicate =
  (code: string) =>
  (reason?: CancellationReason): Error => {
    const stored = reason?.Item?.request_sha256 as { S?: string } | string | undefined;
    return new DuplicateDocument(code, typeof stored === 'string' ? stored : (stored?.S ?? null));
  };

/** The summary shard of a change (or of a joined group, by its first change): its first document's. */
const changeShard = (parts: ChangeParts): number | undefined => (parts.codes[0] === undefined ? undefined : shardOf(parts.codes[0]));

/**
 * A change whose atomic write would pass DynamoDB's 100 items: refused before anything is written,
 * saying how many items it needs and how many destination states a document can have.
 */
function tooManyItems(parts: ChangeParts, summaries: number, reserve: number): DomainError | null {
  const needed = parts.items.length + summaries + reserve;
  if (needed <= MAX_ITEMS) return null;
  const states = new Set(parts.deltas.map((d) => d.key.state)).size;
  const perState = Math.max(1, Math.ceil(summaries / Math.max(1, states)));
  const maxStates = Math.floor((MAX_ITEMS - reserve - parts.items.length) / perState);
  const message =
    `This change needs ${needed} items in one atomic write; DynamoDB allows ${MAX_ITEMS}. It writes ${parts.items.length} documents and events, ` +
    `${summaries} return summaries (one per destination state and month${perState > 1 ? ', and per location' : ''}; ${states} states here)` +
    `${reserve > 0 ? `, and keeps ${reserve} free so that a refund, credit or void of the document always fits` : ''}. ` +
    `A change like this one fits with lines in at most ${maxStates} destination states: split the document into several.`;
  return new DomainError('invalid_request', message, [{ code: 'transaction_item_limit', target: 'lines', message }]);
}

export class TransactionStore implements TransactionRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    /** Where the return summaries are (SUMMARY_TABLE): updated in the documents' transactions. */
    private readonly summaryTable: string,
    private readonly tenant: Tenant,
    /** Where metered usage is counted (USAGE_TABLE), in the same transactions; absent: nothing is metered. */
    private readonly usageTable?: string,
  ) {}

  /**
   * The usage counter updates of changes written together (in the slot of the first document), and
   * whether they fit in the transaction. They almost always do; a change that fills DynamoDB's 100
   * items by itself (a document in 48 destination states with a location, adjusted) is not refused
   * for its usage: its counter follows in an UpdateItem once the transaction is written, the one case
   * where a unit is not atomic with its document (docs/usage-and-monitoring.md).
   */
  private usageItems(parts: readonly ChangeParts[], written: number): { items: TransactItem[]; inline: boolean } {
    const charges = parts.flatMap((p) => p.usage);
    if (!this.usageTable || charges.length === 0) return { items: [], inline: true };
    const items = usageUpdates(this.usageTable, charges, usageSlotOf(parts[0]?.codes[0] ?? ''));
    return { items, inline: written + items.length <= MAX_ITEMS };
  }

  /**
   * Usage that did not fit in its transaction, written after it. The documents are written: a failure
   * here must not turn their success into an error (a client's retry would meet its own code), so it
   * is logged, and that unit is missing.
   */
  private async usageAfter(items: readonly TransactItem[]): Promise<void> {
    try {
      for (const item of items) if (item.Update) await this.db.send(new UpdateCommand(item.Update as UpdateCommandInput));
    } catch (error) {
      logger.error('usage of a full transaction not stored', { error });
    }
  }

  async get(code: string): Promise<Stored | null> {
    const key = tableKeys.transaction(this.tenant, code);
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item ? decode(out.Item) : null;
  }

  async write(change: DocumentChange): Promise<void> {
    const parts = this.parts(change);
    // One shard for the whole change: an adjustment's reversal and replacement of one state share an item.
    const summaries = summaryUpdates(this.summaryTable, this.tenant, parts.deltas, changeShard(parts));
    const refusal = tooManyItems(parts, summaries.updates.length, change.reserve ?? 0);
    if (refusal) throw refusal;
    const usage = this.usageItems([parts], parts.items.length + summaries.updates.length);
    const inline = usage.inline ? usage.items : [];
    try {
      // Usage before the summaries: the summaries stay last, where contention on them is read.
      await this.db.send(new TransactWriteCommand({ TransactItems: [...parts.items, ...inline, ...summaries.updates] }));
    } catch (error) {
      summariesCancelled(summaries, error, parts.items.length + inline.length);
      throw cancellation(error, parts.meanings);
    }
    summariesWritten(summaries);
    if (!usage.inline) await this.usageAfter(usage.items);
    if (usage.items.length > 0) for (const c of parts.usage) billedMetric(c.kind, c.units);
  }

  /**
   * Joins changes into as few TransactWriteItems as DynamoDB's limits allow (100 items, 4 MB, each
   * item once). A transaction cancelled by some changes' conditions is sent again without them:
   * those fail with their own meaning (a duplicate code, an item already finished), the others land.
   */
  async writeEach(changes: readonly DocumentChange[]): Promise<WriteOutcome[]> {
    const outcomes: WriteOutcome[] = changes.map(() => ({ written: true }));
    // A change too large to write alone fails alone; the others are joined as usual.
    const writable: { index: number; parts: ChangeParts }[] = [];
    for (const [index, change] of changes.entries()) {
      const parts = this.parts(change);
      const refusal = tooManyItems(parts, summaryUpdates(this.summaryTable, this.tenant, parts.deltas, changeShard(parts)).updates.length, change.reserve ?? 0);
      if (refusal) outcomes[index] = { written: false, error: refusal };
      else writable.push({ index, parts });
    }
    for (let group of joinGroups(writable)) {
      while (group.length > 0) {
        const summaries = summaryUpdates(
          this.summaryTable,
          this.tenant,
          group.flatMap((g) => g.parts.deltas),
          changeShard(group[0]!.parts),
        );
        const items = group.flatMap((g) => g.parts.items);
        const usage = this.usageItems(
          group.map((g) => g.parts),
          items.length + summaries.updates.length,
        );
        const inline = usage.inline ? usage.items : [];
        try {
          await this.db.send(new TransactWriteCommand({ TransactItems: [...items, ...inline, ...summaries.updates] }));
          summariesWritten(summaries);
          if (!usage.inline) await this.usageAfter(usage.items);
          if (usage.items.length > 0) for (const g of group) for (const c of g.parts.usage) billedMetric(c.kind, c.units);
          break;
        } catch (error) {
          summariesCancelled(summaries, error, items.length + inline.length);
          const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
          const refused = new Set<number>();
          let at = 0;
          for (const [member, { parts }] of group.entries()) {
            const failed = parts.items.findIndex((_, i) => reasons[at + i]?.Code === 'ConditionalCheckFailed');
            if (failed >= 0) {
              refused.add(member);
              outcomes[group[member]!.index] = { written: false, error: parts.meanings[failed]?.(reasons[at + failed]) ?? error };
            }
            at += parts.items.length;
          }
          if (refused.size === 0) {
            // A conflict with another writer, a throttle, a timeout: every change of the group shares it.
            const meaning = cancellation(error, []);
            for (const g of group) outcomes[g.index] = { written: false, error: meaning };
            break;
          }
          group = group.filter((_, member) => !refused.has(member));
        }
      }
    }
    return outcomes;
  }

  /** The items of one change (summaries apart: a joined write merges them) and what each failed condition means. */
  private parts(change: DocumentChange): ChangeParts {
    const creates = change.create.map((record) => ({
      Put: {
        TableName: this.table,
        Item: documentItem(record, 1),
        ConditionExpression: 'attribute_not_exists(PK)',
        // A duplicate's cancellation carries the existing document: its request hash answers "my retry or another's?".
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    }));
    const updates = change.update.map(({ record, expectedVersion }) => ({
      Put: {
        TableName: this.table,
        Item: documentItem(record, expectedVersion + 1),
        ConditionExpression: 'version = :expected',
        ExpressionAttributeValues: { ':expected': expectedVersion },
      },
    }));
    const events = change.events.map((event) => eventPut(this.table, this.tenant, event));
    // The receipt goes first: a redelivered batch item is "already finished", not a duplicate code.
    const receipt = change.receipt ? [itemResultPut(this.table, change.receipt.batch, change.receipt.item)] : [];
    return {
      items: [...receipt, ...creates, ...updates, ...events],
      meanings: [...receipt.map(() => itemFinished), ...change.create.map((record) => duplicate(record.code)), ...updates.map(() => staleWrite)],
      // The return summaries move with the documents, in the same transaction (functions/core/returns).
      deltas: summaryDeltas(change),
      codes: [...change.create, ...change.update.map((u) => u.record)].map((r) => r.code),
      usage: change.usage ? [change.usage] : [],
    };
  }

  /** List entries (transactionSummaryView) newest first. */
  async list(filters: TransactionFilters, page: PageRequest): Promise<Page<TransactionSummary>> {
    const conditions = [
      ['status', '=', filters.status],
      ['kind', '=', filters.kind],
      ['customer_code', '=', filters.customer_code],
      ['location_code', '=', filters.location_code],
      ['date', '>=', filters.date_from],
      ['date', '<=', filters.date_to],
    ] as const;
    const { items, next_cursor } = await gsi1Page(this.db, this.table, listPartitions.transactions(this.tenant), conditions, page, ['summary']);
    return { data: items.map((item) => JSON.parse(parseItem(SummaryItem, item, 'transaction summary').summary) as TransactionSummary), next_cursor };
  }
}
