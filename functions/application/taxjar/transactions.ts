// TaxJar order and refund transactions over the committed-document use cases: create → commit;
// update → adjustment (the original becomes `adjusted`, a reversal and a replacement `<id>:v<n>`
// are written atomically); delete → void; a refund → a refund of the order's current version.
// Nothing here taxes or stores by itself: it names codes and follows links.
import { DomainError } from '../../core/errors';
import type { DocumentInput } from '../../core/tax/input';
import { fromCents } from '../../core/tax/money';
import type { TaxjarOrderFields } from '../../core/taxjar/document';
import { collectedLinesOf, isLiveOrder, nextVersionCodes, refundLinesOf, sentFieldsOf, taxjarId } from '../../core/taxjar/transactions';
import type { TransactionKind, TransactionRecord } from '../../core/transactions/transaction';
import type { Outcome, TenantCall } from '../call';
import type { CalculationOptions } from '../engine-context';
import {
  adjustTransaction,
  commitTransaction,
  type DocumentPorts,
  getTransaction,
  listTransactions,
  type Recorded,
  refundTransaction,
  type TransactionPorts,
  voidTransaction,
} from '../transactions';

const notFound = (what: 'order' | 'refund') =>
  new DomainError('transaction_not_found', `No ${what} transaction with this transaction_id exists in the scope of this key.`);

/** Updates of one order chain a replacement per update; a chain longer than this is refused as a loop. */
const MAX_VERSIONS = 1000;

/**
 * The current version of order `id`: the sale `id`, or the replacement its adjustments lead to.
 * Refund, credit and reversal documents are not orders, and a voided (deleted) order is gone, as
 * in TaxJar: all answer not found.
 */
export async function currentOrder(ports: DocumentPorts, call: TenantCall, id: string): Promise<TransactionRecord> {
  let record = await getTransaction(ports, call, id).catch((error: unknown) => {
    throw error instanceof DomainError && error.code === 'transaction_not_found' ? notFound('order') : error;
  });
  if (record.kind !== 'sale') throw notFound('order');
  for (let hops = 0; record.status === 'adjusted' && record.adjustment && hops < MAX_VERSIONS; hops++)
    record = await getTransaction(ports, call, record.adjustment.replacement_code);
  if (record.status === 'voided') throw notFound('order');
  return record;
}

/** What a TaxJar order keeps beside its document: what it says it collected, and what it was sent. */
const recordedOf = (order: TaxjarOrderFields): Recorded => ({ collected_lines: collectedLinesOf(order), sent: sentFieldsOf(order) });

/** A commit of `document` under the order's id, recording the order's `sales_tax` as collected. */
export function createOrder(
  ports: TransactionPorts,
  call: TenantCall,
  id: string,
  document: DocumentInput,
  options: CalculationOptions = {},
  order: TaxjarOrderFields = {},
): Promise<Outcome<TransactionRecord>> {
  return commitTransaction(ports, call, { code: id, ...document, collected_tax: order.sales_tax ?? null }, options, undefined, {}, recordedOf(order));
}

/** An update: the current version is adjusted and replaced by `document`, taxed now. */
export async function updateOrder(
  ports: TransactionPorts,
  call: TenantCall,
  current: TransactionRecord,
  document: DocumentInput,
  options: CalculationOptions = {},
  order: TaxjarOrderFields = {},
): Promise<Outcome<TransactionRecord>> {
  const { result, events } = await adjustTransaction(
    ports,
    call,
    {
      original_code: current.code,
      ...nextVersionCodes(current.code),
      reason: 'TaxJar order update',
      replacement: document,
      collected_tax: order.sales_tax ?? null,
    },
    options,
    {},
    recordedOf(order),
  );
  return { result: result.replacement, events };
}

/** A delete: the current version is voided (refused once it has refunds, as any void). */
export async function deleteOrder(ports: DocumentPorts, call: TenantCall, id: string): Promise<Outcome<TransactionRecord>> {
  const current = await currentOrder(ports, call, id);
  return voidTransaction(ports, call, current.code, { reason: 'TaxJar order delete' });
}

export interface RefundRequest extends TaxjarOrderFields {
  /** The refund's own id. */
  readonly transaction_id: string;
  /** The order refunded. */
  readonly transaction_reference_id: string;
}

/** A refund of the order's current version; amounts at the order's rates. */
export async function createRefund(ports: DocumentPorts, call: TenantCall, request: RefundRequest): Promise<Outcome<TransactionRecord>> {
  const order = await currentOrder(ports, call, request.transaction_reference_id);
  const { lines } = refundLinesOf(request, order);
  return refundTransaction(
    ports,
    call,
    order.code,
    {
      refund_code: request.transaction_id,
      date: request.transaction_date,
      reason: 'TaxJar refund',
      lines: lines?.map((l) => ({ number: l.number, amount: fromCents(l.amount) })) ?? null,
      collected_tax: request.sales_tax ?? null,
    },
    {},
    recordedOf(request),
  );
}

export async function getRefund(ports: DocumentPorts, call: TenantCall, id: string): Promise<TransactionRecord> {
  const record = await getTransaction(ports, call, id).catch((error: unknown) => {
    throw error instanceof DomainError && error.code === 'transaction_not_found' ? notFound('refund') : error;
  });
  if (record.kind !== 'refund') throw notFound('refund');
  return record;
}

export interface DateRange {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

/** Pages read per list call at most (100 each): TaxJar lists are unpaged, ours are not. */
const MAX_PAGES = 100;

/**
 * TaxJar's transaction lists: the ids of live orders (or of refunds) dated in the range, newest
 * first, each once. TaxJar's lists have no cursor, so every page of ours is read, up to 10,000.
 */
export async function listTaxjarIds(ports: DocumentPorts, call: TenantCall, kind: 'order' | 'refund', range: DateRange): Promise<string[]> {
  const kinds: TransactionKind[] = kind === 'order' ? ['sale', 'replacement'] : ['refund'];
  const ids = new Set<string>();
  for (const k of kinds) {
    let cursor: string | undefined;
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      const page = await listTransactions(ports, call, { kind: k, date_from: range.from, date_to: range.to }, { limit: 100, cursor });
      for (const t of page.data) if (kind === 'refund' ? t.kind === 'refund' : isLiveOrder(t)) ids.add(taxjarId(t.code));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
  }
  return [...ids];
}
