// A committed document (sale, refund, credit, reversal, replacement: one entity, told apart by
// `kind`): one item in a partition of its own, listed in the tenant's transaction list. The item
// holds the whole record (JSON, gzipped above COMPRESS_ABOVE), the attributes lists filter on,
// and the list entry (`summary`) so listing never decodes whole documents
// (docs/architecture.md, "Data").
import { gunzipSync, gzipSync } from 'node:zlib';
import * as v from 'valibot';
import type { Tenant } from '../../../core/access/records';
import { DECLARED_TYPES } from '../../../core/tax/types';
import type { Stored } from '../../../core/transactions/repository';
import type { TransactionRecord } from '../../../core/transactions/transaction';
import { type TransactionSummary, transactionSummaryView } from '../../../core/transactions/view';
import { parseItem } from '../item-schema';
import { type ItemKey, tenantScope } from './keys';
import { listed } from './list-index';

/**
 * Documents above this size are stored gzipped: a ten-line document's 6.7 KB of JSON become 1.2 KB
 * (55 µs), which DynamoDB charges (write units by the KB, the list index's copy included) and DynamoDB
 * Local parses (JSON in a JSON string is its slowest path); a 1,000-line document stays far below
 * the 400 KB item limit. Both forms are read.
 */
const COMPRESS_ABOVE = 1024;

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
  channel: v.optional(v.literal('marketplace')),
  declared_exemption: v.optional(
    v.object({
      type: v.picklist(DECLARED_TYPES),
      source: v.picklist(['document', 'customer']),
      states: v.nullable(v.array(v.string())),
      reason: v.nullable(v.string()),
    }),
  ),
});
const SummaryItem = v.object({ summary: v.string() });

/** The document's sort key; its partition may hold other records beside it (entities/avatax-echo.ts). */
const SORT_KEY = 'TXN';

function encode(record: TransactionRecord): Record<string, unknown> {
  const json = JSON.stringify(record);
  return json.length > COMPRESS_ABOVE ? { docz: gzipSync(json) } : { doc: json };
}

export const transactionEntity = {
  /** Each document has its own partition: a busy tenant's commits spread over many. */
  key: (t: Tenant, code: string): ItemKey => ({ PK: `TXN#${tenantScope(t)}#${code}`, SK: SORT_KEY }),

  /** Whether an item of a document's partition is the document itself. */
  isDocument: (item: Record<string, unknown>): boolean => item.SK === SORT_KEY,

  /** The tenant's transaction list (newest first). */
  list: (t: Tenant): string => `TXNS#${tenantScope(t)}`,

  /** The item of a document at `version`. */
  item(record: TransactionRecord, version: number): Record<string, unknown> {
    return {
      ...transactionEntity.key(record.tenant, record.code),
      ...listed(transactionEntity.list(record.tenant), record.created_at, record.code),
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
  },

  /** A stored document and its version. */
  read(item: unknown): Stored {
    const { version, doc, docz } = parseItem(DocumentItem, item, 'transaction');
    const json = docz ? gunzipSync(docz).toString('utf8') : doc;
    if (json === undefined) throw new Error('stored transaction has no document');
    const record: unknown = JSON.parse(json);
    parseItem(DocumentRecord, record, 'transaction document');
    // The schema checked the fields rules and views rely on; the rest is what the engine wrote.
    return { record: record as TransactionRecord, version };
  },

  /** The attributes a list reads back (besides the keys). */
  listAttributes: ['summary'] as const,

  /** A list entry (transactionSummaryView) from an item a list read. */
  readListed: (item: unknown): TransactionSummary => JSON.parse(parseItem(SummaryItem, item, 'transaction summary').summary) as TransactionSummary,
};
