// Committed documents in DynamoDB. One document change is one TransactWriteItems:
//   - new documents are Put with attribute_not_exists(PK): a second commit of a code, however close
//     in time, is cancelled by DynamoDB itself (duplicate_transaction) and leaves the first intact;
//   - a changed original is Put with `version = :expected`: two refunds (or a refund and a void)
//     that read the same version cannot both land; the loser re-reads and re-decides;
//   - the events of the change are written in the same transaction, so no change exists without them;
//   - so are the return summaries' increments (summary-shards.ts): a summary never misses a document
//     (a summary item another transaction held spreads wider for the retry);
//   - a batch chunk's commits may share one transaction (writeEach): each is still whole or absent,
//     and one refused by its own condition is taken out and the rest sent again.
// The document's item is entities/transaction.ts; the write is composed in atomic-write.ts.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import type { AvataxCompanion } from '../../core/avatax/records';
import { DomainError } from '../../core/errors';
import { type DeclaredDelta, declaredDeltas, mergeDeltas } from '../../core/exemptions/declared';
import type { Page, PageRequest } from '../../core/lists/paging';
import { isMonthSalesSummary, keyOf, type SummaryDelta, summaryDeltas } from '../../core/returns/summary';
import {
  CompanionChanged,
  type DocumentChange,
  DuplicateDocument,
  type Stored,
  type TransactionFilters,
  type TransactionRepository,
  type WriteOutcome,
} from '../../core/transactions/repository';
import type { TransactionSummary } from '../../core/transactions/view';
import type { UsageCharge } from '../../core/usage/usage';
import { billedMetric } from '../../shared/metrics';
import { logger } from '../../shared/powertools';
import { AtomicWrite, MAX_TRANSACTION_ITEMS as MAX_ITEMS, type TransactItem } from './atomic-write';
import { type ConditionMeaning, cancellation, staleWrite } from './cancellation';
import { avataxDraftEntity } from './entities/avatax-draft';
import { avataxEchoEntity } from './entities/avatax-echo';
import { batchItemEntity } from './entities/batch-item';
import { declaredExemptionEntity } from './entities/declared-exemption';
import { eventEntity } from './entities/event';
import { transactionEntity } from './entities/transaction';
import { usageCounterEntity } from './entities/usage-counter';
import { keyFits } from './item-schema';
import { listPage } from './query-page';
import { shardOf, summariesCancelled, summariesWritten, summaryUpdates } from './summary-shards';

/** One change as transaction items: its own (and what their failed conditions mean), its summary deltas. */
interface ChangeParts {
  readonly write: AtomicWrite;
  readonly deltas: readonly SummaryDelta[];
  /** The documents it writes: a transaction may write each once. */
  readonly codes: readonly string[];
  /** Its billable units (merged per owner and day in a joined write). */
  readonly usage: readonly UsageCharge[];
  /** Its declared-exemption deltas (merged per customer and state in a joined write), and when its documents were written. */
  readonly declared: readonly DeclaredDelta[];
  readonly at: string;
}

/** DynamoDB's limit on the bytes of one TransactWriteItems, with room under the 4 MB for attribute overhead. */
const MAX_BYTES = 3_000_000;

/**
 * Packs changes, in order, into groups one transaction can hold: at most MAX_ITEMS items counting
 * the summary updates a group merges into one per summary, about MAX_BYTES, and no document twice
 * (a second commit of a code in the same chunk lands in a later group and fails as a duplicate).
 */
/**
 * The most totals (two attributes each, `#xx :xx` in the expression) one month record's update
 * adds: its expression stays within DynamoDB's 4 KB. A document adds at most 51 states × (three
 * kinds + the bound); an adjustment changing the channel too may add more, and is refused.
 */
const MAX_RECORD_TOTALS = 210;

/** The month-record totals a change adds, by record and key. */
const monthRecordTotals = (parts: ChangeParts): string[] =>
  parts.deltas.filter((d) => isMonthSalesSummary(d.key)).flatMap((d) => [...d.totals.sales.keys()].map((k) => `${keyOf(d.key)}|${k}`));

function joinGroups(all: readonly { index: number; parts: ChangeParts }[]): { index: number; parts: ChangeParts }[][] {
  const groups: { index: number; parts: ChangeParts }[][] = [];
  let group: (typeof groups)[number] = [];
  let items = 0;
  let bytes = 0;
  let codes = new Set<string>();
  let summaries = new Set<string>();
  let totals = new Set<string>();
  for (const { index, parts } of all) {
    const size = JSON.stringify(parts.write.items).length;
    const newSummaries = new Set([...summaries, ...parts.deltas.map((d) => keyOf(d.key))]);
    const newTotals = new Set([...totals, ...monthRecordTotals(parts)]);
    // One more item for the group's usage counter (several owners in one group are rare: one batch is one key).
    const fits =
      items + parts.write.size + parts.declared.length + newSummaries.size + 1 <= MAX_ITEMS &&
      bytes + size <= MAX_BYTES &&
      newTotals.size <= MAX_RECORD_TOTALS &&
      !parts.codes.some((c) => codes.has(c));
    if (group.length > 0 && !fits) {
      groups.push(group);
      group = [];
      items = 0;
      bytes = 0;
      codes = new Set();
      summaries = new Set();
      totals = new Set();
    }
    group.push({ index, parts });
    items += parts.write.size + parts.declared.length;
    bytes += size;
    for (const c of parts.codes) codes.add(c);
    for (const d of parts.deltas) summaries.add(keyOf(d.key));
    for (const t of monthRecordTotals(parts)) totals.add(t);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** The code taken, and the request hash the existing document was stored with (a string attribute as DynamoDB returns it). */
const duplicate =
  (code: string): ConditionMeaning =>
  (reason) => {
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
  const totals = monthRecordTotals(parts).length;
  if (totals > MAX_RECORD_TOTALS) {
    const message =
      `This change adds ${totals} month totals of economic nexus in one update; DynamoDB's expression allows ${MAX_RECORD_TOTALS}. ` +
      'Split the document into several (fewer destination states, or one sales channel).';
    return new DomainError('invalid_request', message, [{ code: 'transaction_item_limit', target: 'lines', message }]);
  }
  const own = parts.write.size + parts.declared.length;
  const needed = own + summaries + reserve;
  if (needed <= MAX_ITEMS) return null;
  const records = new Set(parts.deltas.filter((d) => isMonthSalesSummary(d.key)).map((d) => keyOf(d.key))).size;
  const states = new Set(parts.deltas.filter((d) => !isMonthSalesSummary(d.key)).map((d) => d.key.state)).size;
  const perState = Math.max(1, Math.ceil((summaries - records) / Math.max(1, states)));
  const maxStates = Math.floor((MAX_ITEMS - reserve - own - records) / perState);
  const message =
    `This change needs ${needed} items in one atomic write; DynamoDB allows ${MAX_ITEMS}. It writes ${own} documents and events, ` +
    `${summaries} return summaries (one per destination state and month${perState > 1 ? ', and per location' : ''}; ${states} states here` +
    `; and the month totals of economic nexus, one per quarter)` +
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
   * whether they fit in the transaction. The items a sale keeps free leave room for them; should a
   * change fill DynamoDB's 100 items by itself, it is not refused for its usage: its counter follows
   * in an UpdateItem once the transaction is written, the one case where a unit is not atomic with
   * its document (docs/usage-and-monitoring.md).
   */
  private usageItems(parts: readonly ChangeParts[], written: number): { items: TransactItem[]; inline: boolean } {
    const charges = parts.flatMap((p) => p.usage);
    if (!this.usageTable || charges.length === 0) return { items: [], inline: true };
    const items = usageCounterEntity.updates(this.usageTable, charges, usageCounterEntity.slotOf(parts[0]?.codes[0] ?? ''));
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

  /**
   * The whole write of changes sent together: their own items, then the usage counters that fit,
   * then the summaries (last, where contention on them is read), and where the summaries start.
   */
  private joined(parts: readonly ChangeParts[], summaries: readonly TransactItem[]) {
    const write = new AtomicWrite();
    for (const p of parts) write.include(p.write);
    // The declared-exemption records move with their documents; each once per transaction.
    for (const d of mergeDeltas(parts.flatMap((p) => p.declared)))
      write.add(declaredExemptionEntity.update(this.table, this.tenant, d, parts.find((p) => p.declared.length > 0)?.at ?? ''));
    const usage = this.usageItems(parts, write.size + summaries.length);
    write.addAll(usage.inline ? usage.items : []);
    const summariesAt = write.size;
    write.addAll(summaries);
    return { write, usage, summariesAt };
  }

  async get(code: string): Promise<Stored | null> {
    const key = transactionEntity.key(this.tenant, code);
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item ? transactionEntity.read(out.Item) : null;
  }

  async write(change: DocumentChange): Promise<void> {
    const parts = this.parts(change);
    // One shard for the whole change: an adjustment's reversal and replacement of one state share an item.
    const summaries = summaryUpdates(this.summaryTable, this.tenant, parts.deltas, changeShard(parts));
    const refusal = tooManyItems(parts, summaries.updates.length, change.reserve ?? 0);
    if (refusal) throw refusal;
    const { write, usage, summariesAt } = this.joined([parts], summaries.updates);
    try {
      await write.sendAsIs(this.db);
    } catch (error) {
      summariesCancelled(summaries, error, summariesAt);
      throw write.failure(error);
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
        const { write, usage, summariesAt } = this.joined(
          group.map((g) => g.parts),
          summaries.updates,
        );
        try {
          await write.sendAsIs(this.db);
          summariesWritten(summaries);
          if (!usage.inline) await this.usageAfter(usage.items);
          if (usage.items.length > 0) for (const g of group) for (const c of g.parts.usage) billedMetric(c.kind, c.units);
          break;
        } catch (error) {
          summariesCancelled(summaries, error, summariesAt);
          const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
          const refused = new Set<number>();
          let at = 0;
          for (const [member, { parts }] of group.entries()) {
            const failed = parts.write.items.findIndex((_, i) => reasons[at + i]?.Code === 'ConditionalCheckFailed');
            if (failed >= 0) {
              refused.add(member);
              outcomes[group[member]!.index] = { written: false, error: parts.write.meaningAt(failed, reasons[at + failed], error) ?? error };
            }
            at += parts.write.size;
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
    const write = new AtomicWrite();
    // The receipt goes first: a redelivered batch item is "already finished", not a duplicate code.
    if (change.receipt) write.add(batchItemEntity.resultPut(this.table, change.receipt.batch, change.receipt.item), batchItemEntity.finished);
    for (const record of change.create)
      write.add(
        {
          Put: {
            TableName: this.table,
            Item: transactionEntity.item(record, 1),
            ConditionExpression: 'attribute_not_exists(PK)',
            // A duplicate's cancellation carries the existing document: its request hash answers "my retry or another's?".
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        duplicate(record.code),
      );
    for (const { record, expectedVersion } of change.update)
      write.add(
        {
          Put: {
            TableName: this.table,
            Item: transactionEntity.item(record, expectedVersion + 1),
            ConditionExpression: 'version = :expected',
            ExpressionAttributeValues: { ':expected': expectedVersion },
          },
        },
        staleWrite,
      );
    write.addAll(eventEntity.puts(this.table, this.tenant, change.events));
    for (const companion of change.companions ?? []) this.addCompanion(write, companion);
    return {
      write,
      // The return summaries move with the documents, in the same transaction (functions/core/returns).
      deltas: summaryDeltas(change),
      codes: [...change.create, ...change.update.map((u) => u.record)].map((r) => r.code),
      usage: change.usage ? [change.usage] : [],
      declared: declaredDeltas(change),
      at: change.create[0]?.created_at ?? change.update[0]?.record.updated_at ?? '',
    };
  }

  /**
   * A record of another surface written with the documents (core/avatax/records.ts): an echo rides
   * on its document's own condition; a draft's conditions failing mean another writer changed it.
   */
  private addCompanion(write: AtomicWrite, companion: AvataxCompanion): void {
    const changed: ConditionMeaning = () => new CompanionChanged();
    if (companion.kind === 'echo') write.add(avataxEchoEntity.put(this.table, companion.tenant, companion.documentCode, companion.echo));
    else if (companion.kind === 'draft_delete') write.add(avataxDraftEntity.delete(this.table, companion.key, companion.expectedVersion), changed);
    else {
      write.add(avataxDraftEntity.put(this.table, companion.draft, companion.expectedVersion), changed);
      if (companion.expectedVersion === null) write.add(avataxDraftEntity.nextCodeCheck(this.table, companion.draft), changed);
    }
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
    const { items, next_cursor } = await listPage(this.db, this.table, transactionEntity.list(this.tenant), conditions, page, transactionEntity.listAttributes);
    return { data: items.map(transactionEntity.readListed), next_cursor };
  }
}
