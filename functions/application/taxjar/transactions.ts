// TaxJar order and refund transactions over the committed-document use cases: create → commit;
// update → adjustment (the original becomes `adjusted`, a reversal and a replacement `<id>:v<n>`
// are written atomically); delete → void; a refund → a refund of the order's current version; a
// refund's delete → its withdrawal; its update → a withdrawal and a new version `<id>:v<n>` in one
// write. Nothing here taxes or stores by itself: it names codes and follows links.
import { DomainError } from '../../core/errors';
import type { DocumentInput } from '../../core/tax/input';
import { fromCents, toCents } from '../../core/tax/money';
import type { TaxjarOrderFields } from '../../core/taxjar/document';
import {
  collectedLinesOf,
  isLiveOrder,
  isLiveRefund,
  nextVersionCode,
  nextVersionCodes,
  refundFieldsOf,
  refundLinesOf,
  sentFieldsOf,
  taxjarId,
} from '../../core/taxjar/transactions';
import { refund as refundRule } from '../../core/transactions/lifecycle';
import { type TransactionKind, type TransactionRecord, withCollected, withSent } from '../../core/transactions/transaction';
import type { Outcome, TenantCall } from '../call';
import type { CalculationOptions } from '../engine-context';
import { requestHash } from '../request-hash';
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
  type Withdrawal,
  withdrawRefundTransaction,
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
const recordedOf = (order: TaxjarOrderFields): Recorded => ({
  collected_lines: collectedLinesOf(order),
  sent: sentFieldsOf(order),
  // A marketplace-exempt order is a sale the facilitator collected on: a marketplace sale to nexus.
  ...(order.exemption_type == null ? {} : { channel: order.exemption_type === 'marketplace' ? 'marketplace' : 'direct' }),
});

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

/** The document under `code`, or null when there is none the caller may see. */
async function documentOrNull(ports: DocumentPorts, call: TenantCall, code: string): Promise<TransactionRecord | null> {
  return getTransaction(ports, call, code).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'transaction_not_found') return null;
    throw error;
  });
}

/**
 * Refund `id`'s versions walked from `<id>` past withdrawn ones: the live version, or none and
 * the code a new version takes. A document under a version's code that is no refund stops the
 * walk, its code the one a create would then find taken.
 */
export async function refundVersions(ports: DocumentPorts, call: TenantCall, id: string): Promise<{ live: TransactionRecord | null; next: string }> {
  let code = id;
  for (let hops = 0; hops < MAX_VERSIONS; hops++) {
    const record = await documentOrNull(ports, call, code);
    if (record === null || record.kind !== 'refund') return { live: null, next: code };
    if (isLiveRefund(record)) return { live: record, next: code };
    code = nextVersionCode(code);
  }
  return { live: null, next: code };
}

/** The live version of refund `id`: 404 when it never existed or was deleted, as in TaxJar. */
async function liveRefund(ports: DocumentPorts, call: TenantCall, id: string): Promise<TransactionRecord> {
  const { live } = await refundVersions(ports, call, id);
  if (live === null) throw notFound('refund');
  return live;
}

/**
 * A refund of the order's current version; amounts at the order's rates. Its code is the id's
 * next version once earlier versions were withdrawn; a live one makes the create a duplicate (422).
 */
export async function createRefund(ports: DocumentPorts, call: TenantCall, request: RefundRequest): Promise<Outcome<TransactionRecord>> {
  const order = await currentOrder(ports, call, request.transaction_reference_id);
  const { lines } = refundLinesOf(request, order);
  const { next } = await refundVersions(ports, call, request.transaction_id);
  return refundTransaction(
    ports,
    call,
    order.code,
    {
      refund_code: next,
      date: request.transaction_date,
      reason: 'TaxJar refund',
      lines: lines?.map((l) => ({ number: l.number, amount: fromCents(l.amount) })) ?? null,
      collected_tax: request.sales_tax ?? null,
    },
    {},
    recordedOf(request),
  );
}

/** The live version of refund `id`. */
export function getRefund(ports: DocumentPorts, call: TenantCall, id: string): Promise<TransactionRecord> {
  return liveRefund(ports, call, id);
}

/** A delete: the live version is withdrawn (its original gets back what it took); the id may be created again. */
export async function deleteRefund(ports: DocumentPorts, call: TenantCall, id: string): Promise<Outcome<TransactionRecord>> {
  const { result, events } = await withdrawRefundTransaction(ports, call, async () => (await liveRefund(ports, call, id)).code, {
    reason: 'TaxJar refund delete',
  });
  return { result: result.withdrawn, events };
}

export interface RefundUpdate extends TaxjarOrderFields {
  /** The order refunded: the refund's own, or absent. */
  readonly transaction_reference_id?: string | null | undefined;
}

const defined = (o: object) => Object.fromEntries(Object.entries(o).filter(([, value]) => value != null)) as TaxjarOrderFields;

/**
 * An update: the live version is withdrawn and the refund the request describes written as the next
 * version, in one atomic write. Fields the request leaves out keep the stored refund's; an `amount`
 * without `line_items` replaces the stored items. A request that refunds exactly what is stored
 * writes nothing and answers the stored refund (a retry of an applied update answers so too).
 */
export async function updateRefund(ports: DocumentPorts, call: TenantCall, id: string, update: RefundUpdate): Promise<Outcome<Withdrawal>> {
  const { transaction_reference_id: reference, ...body } = update;
  const given = defined(body);
  const decide = (restored: TransactionRecord, withdrawn: TransactionRecord) => {
    if (reference != null && reference !== taxjarId(restored.code))
      throw new DomainError('invalid_request', 'A refund’s update cannot move it to another order.', [
        { code: 'invalid_request', target: 'transaction_reference_id', message: 'Must be the order the refund refunds, or absent.' },
      ]);
    const stored = refundFieldsOf(withdrawn);
    const fields: TaxjarOrderFields = { ...stored, ...(given.amount != null && given.line_items == null ? { line_items: null } : {}), ...given };
    const { lines } = refundLinesOf(fields, restored);
    const request = {
      code: nextVersionCode(withdrawn.code),
      date: fields.transaction_date ?? withdrawn.date,
      reason: 'TaxJar refund update',
      lines,
      collected: { tax: fields.sales_tax == null ? null : toCents(fields.sales_tax), lines: collectedLinesOf(fields) },
      sent: sentFieldsOf(fields),
    };
    const drawn = refundRule(restored, request, call.now.toISOString()).document;
    const same = withSent(withCollected(drawn, request.collected), request.sent);
    const recorded = (r: TransactionRecord) => JSON.stringify([r.date, r.lines, r.collected_tax ?? null, r.sent ?? null]);
    return recorded(same) === recorded(withdrawn) ? null : request;
  };
  return withdrawRefundTransaction(
    ports,
    call,
    async () => (await liveRefund(ports, call, id)).code,
    { reason: 'TaxJar refund update' },
    { hash: requestHash({ transaction_id: id, ...update }), decide },
  );
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
      for (const t of page.data) if (kind === 'refund' ? isLiveRefund(t) : isLiveOrder(t)) ids.add(taxjarId(t.code));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
  }
  return [...ids];
}
