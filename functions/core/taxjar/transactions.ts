// Committed documents as TaxJar order and refund transactions. A TaxJar order keeps its
// transaction_id through updates; here an update is an adjustment, whose replacement needs a code
// of its own: `<id>:v<n>` for the n-th version (reversal `<id>:r<n>`), so the order's current
// version is found by following the originals' adjustment links from `<id>`.
import type { Certificate } from '../certificates/certificate';
import { DomainError } from '../errors';
import { fromCents, mulDivHalfUp, toCents } from '../tax/money';
import type { SentFields, TransactionLine, TransactionRecord } from '../transactions/transaction';
import { exemptionTypeOf } from './customers';
import { extendedCents, GENERAL_GOODS_DESCRIPTION, SHIPPING_LINE, type TaxjarLineItem, type TaxjarOrderFields } from './document';

const VERSION = /:v(\d+)$/;

/** The TaxJar transaction_id of a sale or of one of its replacements. */
export const taxjarId = (code: string): string => code.replace(VERSION, '');

/** 1 for the order as created, n for its n-th version. */
export const versionOf = (code: string): number => Number(VERSION.exec(code)?.[1] ?? 1);

/** The codes an update of the current version `code` writes. */
export function nextVersionCodes(code: string): { reversal_code: string; replacement_code: string } {
  const id = taxjarId(code);
  const next = versionOf(code) + 1;
  return { reversal_code: `${id}:r${next}`, replacement_code: `${id}:v${next}` };
}

/**
 * The code of the version after `code`. A refund keeps its transaction_id through updates and
 * deletes as an order does: an update withdraws the current version and writes `<id>:v<n+1>`, and a
 * create of a deleted id writes the version after the last withdrawn one, so the live version is
 * found by walking `<id>`, `<id>:v2`, … past withdrawn (voided) refunds.
 */
export const nextVersionCode = (code: string): string => `${taxjarId(code)}:v${versionOf(code) + 1}`;

/** TaxJar lists only live refunds: a withdrawn version (deleted or updated) is voided. */
export const isLiveRefund = (t: { readonly kind: string; readonly status: string }): boolean => t.kind === 'refund' && t.status !== 'voided';

/** TaxJar's answer to a delete: the id and provider, every other field null (its client's DeletedOrder). */
export function deletedTransactionView(record: TransactionRecord) {
  return {
    transaction_id: taxjarId(record.code),
    user_id: null,
    transaction_date: null,
    transaction_reference_id: null,
    provider: 'api',
    exemption_type: null,
    from_country: null,
    from_zip: null,
    from_state: null,
    from_city: null,
    from_street: null,
    to_country: null,
    to_zip: null,
    to_state: null,
    to_city: null,
    to_street: null,
    amount: null,
    shipping: null,
    sales_tax: null,
    line_items: [] as never[],
  };
}

/**
 * A stored refund as TaxJar refund fields, magnitudes only, for an update that leaves fields out:
 * each item refunds exactly what the stored refund took of its order line.
 */
export function refundFieldsOf(record: TransactionRecord): TaxjarOrderFields {
  const fields = orderFieldsOf(record);
  return {
    ...fields,
    amount: Math.abs(fields.amount ?? 0),
    shipping: Math.abs(fields.shipping ?? 0),
    // One unit of the line's whole amount: a unit price of a partial amount could round a cent away.
    line_items: (fields.line_items ?? []).map((l) => {
      const line = record.lines.find((r) => r.number === l.id);
      return { ...l, quantity: 1, unit_price: fromCents(Math.abs(line?.amount ?? 0)), discount: fromCents(Math.abs(line?.discount ?? 0)) };
    }),
  };
}

/** TaxJar lists only live orders: neither voided (deleted) nor superseded by an update. */
export const isLiveOrder = (t: { readonly kind: string; readonly status: string }): boolean =>
  (t.kind === 'sale' || t.kind === 'replacement') && (t.status === 'committed' || t.status === 'refunded');

const QUANTITY_SCALE = 1_000_000;

/** The unit price of an extended amount, half-up to cents (sign kept). */
function unitPriceCents(amount: number, quantity: number): number {
  const scaled = Math.round(quantity * QUANTITY_SCALE);
  if (scaled <= 0) return amount;
  const magnitude = mulDivHalfUp(Math.abs(amount), QUANTITY_SCALE, scaled);
  return amount < 0 ? -magnitude : magnitude;
}

/** The order (or refund) fields TaxJar answers back that the document has no field for. */
const SENT_FIELDS = ['provider', 'from_country', 'from_zip', 'from_state', 'from_city', 'from_street', 'to_city', 'to_street'] as const;

/** What a TaxJar order or refund was sent that its view answers back: only fields sent, never defaults. */
export function sentFieldsOf(order: TaxjarOrderFields): SentFields {
  const fields: Record<string, string> = {};
  for (const name of SENT_FIELDS) {
    const value = order[name];
    if (typeof value === 'string' && value !== '') fields[name] = value;
  }
  const lines: Record<string, Record<string, string>> = {};
  for (const [i, item] of (order.line_items ?? []).entries())
    if (item.product_identifier) lines[item.id ?? String(i + 1)] = { product_identifier: item.product_identifier };
  return Object.keys(lines).length > 0 ? { fields, lines } : { fields };
}

/** The sales tax each line item reports collected, in cents, by line number (the document's is `sales_tax`). */
export function collectedLinesOf(order: TaxjarOrderFields): Map<string, number> {
  const lines = new Map<string, number>();
  for (const [i, item] of (order.line_items ?? []).entries()) if (item.sales_tax != null) lines.set(item.id ?? String(i + 1), toCents(item.sales_tax));
  return lines;
}

/**
 * The 2020-08-07 API version's check of an order: with line items, `amount` must equal
 * Σ(quantity × unit_price − discount) + shipping, to the cent. Without line items there is nothing
 * to check `amount` against.
 */
export function assertAmountAddsUp(order: TaxjarOrderFields): void {
  const items = order.line_items ?? [];
  if (items.length === 0) return;
  const sum =
    items.reduce((n, item) => n + Math.sign(item.unit_price ?? 0) * extendedCents(item.unit_price ?? 0, item.quantity ?? 1) - toCents(item.discount ?? 0), 0) +
    toCents(order.shipping ?? 0);
  if (sum !== toCents(order.amount ?? 0))
    throw new DomainError('invalid_request', '`amount` param does not equal sum of `line_items` + `shipping`', [
      {
        code: 'invalid_request',
        target: 'amount',
        message: `Must be ${fromCents(sum).toFixed(2)}: the line items' quantity × unit_price − discount plus shipping.`,
      },
    ]);
}

function lineItem(line: TransactionLine, sent: SentFields | undefined): Required<{ [K in keyof TaxjarLineItem]: NonNullable<TaxjarLineItem[K]> | null }> {
  return {
    id: line.number,
    quantity: line.quantity,
    product_identifier: sent?.lines?.[line.number]?.product_identifier ?? line.item_code,
    // The description this surface gave an unnamed item is not the caller's: it reads back as none.
    description: line.description === GENERAL_GOODS_DESCRIPTION ? null : line.description,
    product_tax_code: line.tax_code,
    unit_price: fromCents(unitPriceCents(line.amount, line.quantity)),
    discount: fromCents(line.discount),
    // What the line reported collected, as TaxJar records it; the computed tax where it reported none.
    sales_tax: fromCents(line.collected_tax ?? line.tax),
  };
}

/** The tax TaxJar answers as the order's `sales_tax`: what was reported collected, else the computed tax. */
const salesTaxOf = (record: TransactionRecord): number => record.collected_tax ?? record.lines.reduce((n, l) => n + l.tax, 0);

/** The order fields a committed document holds, with what it was sent (an update keeps what it leaves out). */
export function orderFieldsOf(record: TransactionRecord): TaxjarOrderFields {
  const shipping = record.lines.find((l) => l.number === SHIPPING_LINE);
  const items = record.lines.filter((l) => l !== shipping);
  const destination = record.lines[0]?.address;
  return {
    ...record.sent?.fields,
    transaction_date: record.date,
    to_country: 'US',
    to_state: destination?.state ?? null,
    to_zip: destination?.zip ?? null,
    customer_id: record.customer_code,
    amount: fromCents(items.reduce((n, l) => n + l.amount - l.discount, 0) + (shipping?.amount ?? 0)),
    shipping: fromCents(shipping?.amount ?? 0),
    ...(record.collected_tax == null ? {} : { sales_tax: fromCents(record.collected_tax) }),
    line_items: items.map((l) => {
      const { sales_tax, ...item } = lineItem(l, record.sent);
      return l.collected_tax === undefined ? item : { ...item, sales_tax };
    }),
  };
}

/** The order's exemption: its declaration's type, else its certificate's (TaxJar's type of it), else none. */
function exemptionTypeOfRecord(record: TransactionRecord): string | null {
  if (record.channel === 'marketplace') return 'marketplace';
  if (record.declared_exemption) return record.declared_exemption.type;
  const certificate = record.lines.find((l) => l.certificate)?.certificate;
  return certificate ? exemptionTypeOf(certificate.exemption_reason as Certificate['exemption_reason']) : null;
}

/** A document as TaxJar's order (or refund) transaction. `amount` includes shipping, as in TaxJar. */
export function transactionView(record: TransactionRecord) {
  const shipping = record.lines.find((l) => l.number === SHIPPING_LINE);
  const items = record.lines.filter((l) => l !== shipping);
  const fields = orderFieldsOf(record);
  const sent: Readonly<Record<string, string | undefined>> = record.sent?.fields ?? {};
  return {
    transaction_id: taxjarId(record.code),
    user_id: null,
    transaction_date: record.date,
    transaction_reference_id: record.kind === 'refund' && record.original_code ? taxjarId(record.original_code) : null,
    provider: sent.provider ?? 'api',
    exemption_type: exemptionTypeOfRecord(record),
    from_country: sent.from_country ?? null,
    from_zip: sent.from_zip ?? null,
    from_state: sent.from_state ?? null,
    from_city: sent.from_city ?? null,
    from_street: sent.from_street ?? null,
    to_country: fields.to_country,
    to_zip: fields.to_zip,
    to_state: fields.to_state,
    to_city: sent.to_city ?? null,
    to_street: sent.to_street ?? null,
    customer_id: record.customer_code,
    amount: fields.amount,
    shipping: fields.shipping,
    sales_tax: fromCents(salesTaxOf(record)),
    line_items: items.map((l) => lineItem(l, record.sent)),
  };
}

export interface RefundLines {
  /** Amounts per original line number, in cents; null = everything that remains refundable. */
  readonly lines: readonly { readonly number: string; readonly amount: number }[] | null;
}

/**
 * `amount` cents spread over the order's item lines in proportion to what remains refundable of
 * each (after `taken`), half-up, the rounding cents going to the largest remainders so the parts
 * add up to `amount` exactly. Lines with nothing left take nothing.
 */
export function spreadOverItems(amount: number, order: TransactionRecord, taken: ReadonlyMap<string, number> = new Map()) {
  const open = order.lines
    .filter((l) => l.number !== SHIPPING_LINE)
    .map((l) => ({ number: l.number, left: Math.max(0, l.remaining.price - (taken.get(l.number) ?? 0)) }))
    .filter((l) => l.left > 0);
  const total = open.reduce((n, l) => n + l.left, 0);
  if (amount <= 0) return [];
  // Nothing left to spread over: the first item is asked for it, and the refund refuses the excess.
  const first = order.lines.find((l) => l.number !== SHIPPING_LINE);
  if (total === 0) return first ? [{ number: first.number, amount }] : [];
  // More than remains cannot be spread: the whole remainder is asked, and the refund refuses the excess.
  const spread = Math.min(amount, total);
  const parts = open.map((l) => ({ number: l.number, amount: Math.floor((spread * l.left) / total), rest: (spread * l.left) % total }));
  let short = spread - parts.reduce((n, p) => n + p.amount, 0);
  for (const p of [...parts].sort((a, b) => b.rest - a.rest)) {
    if (short === 0) break;
    p.amount += 1;
    short -= 1;
  }
  if (amount > spread && parts[0]) parts[0].amount += amount - spread;
  return parts.filter((p) => p.amount > 0).map(({ number, amount }) => ({ number, amount }));
}

/** Adds line amounts of the same number together, keeping the first occurrence's order. */
function merged(lines: readonly { number: string; amount: number }[]) {
  const by = new Map<string, number>();
  for (const l of lines) by.set(l.number, (by.get(l.number) ?? 0) + l.amount);
  return [...by].map(([number, amount]) => ({ number, amount }));
}

/**
 * A TaxJar refund's lines as the API's refund of `order`: each line item refunds |unit_price ×
 * quantity| − |discount| of the order line with the same id, and `shipping` the shipping line.
 * What the refund names no order line for is spread over the order's items at their rates: a
 * line item whose id is not on the order (Magento's `adjustment-refund` of a credit memo), or,
 * without line items, the `amount` beyond `shipping` (Solidus sends every reimbursement so). A
 * refund of all that remains is the whole refund.
 */
export function refundLinesOf(refund: TaxjarOrderFields, order: TransactionRecord): RefundLines {
  const items = refund.line_items ?? [];
  const shipping = Math.abs(toCents(refund.shipping ?? 0));
  const known = new Set(order.lines.map((l) => l.number));
  const shippingLines = shipping > 0 ? [{ number: SHIPPING_LINE, amount: shipping }] : [];
  if (items.length > 0) {
    const asked = items.map((item, i) => ({
      number: item.id ?? String(i + 1),
      amount: Math.max(0, extendedCents(item.unit_price ?? 0, item.quantity ?? 1) - Math.abs(toCents(item.discount ?? 0))),
    }));
    const named = merged(asked.filter((l) => known.has(l.number) && l.number !== SHIPPING_LINE));
    const unattributed = asked.filter((l) => !known.has(l.number) || l.number === SHIPPING_LINE).reduce((n, l) => n + l.amount, 0);
    const taken = new Map(named.map((l) => [l.number, l.amount]));
    return { lines: merged([...named, ...spreadOverItems(unattributed, order, taken), ...shippingLines]) };
  }
  const amount = Math.abs(toCents(refund.amount ?? 0));
  const remaining = order.lines.reduce((n, l) => n + l.remaining.price, 0);
  if (amount === remaining) return { lines: null };
  if (amount < shipping)
    throw new DomainError('invalid_request', 'A refund’s amount includes its shipping, so it cannot be less than the shipping refunded.', [
      { code: 'invalid_request', target: 'amount', message: 'Must be at least the refund’s shipping.' },
    ]);
  const lines = [...spreadOverItems(amount - shipping, order), ...shippingLines];
  if (lines.length === 0)
    throw new DomainError('invalid_request', 'The refund refunds nothing: send its amount (shipping included), its shipping or its line_items.', [
      { code: 'invalid_request', target: 'amount', message: 'Must be more than zero.' },
    ]);
  return { lines };
}
