// Committed documents as TaxJar order and refund transactions. A TaxJar order keeps its
// transaction_id through updates; here an update is an adjustment, whose replacement needs a code
// of its own: `<id>:v<n>` for the n-th version (reversal `<id>:r<n>`), so the order's current
// version is found by following the originals' adjustment links from `<id>`.
import { DomainError } from '../errors';
import { fromCents, mulDivHalfUp, toCents } from '../tax/money';
import type { TransactionLine, TransactionRecord } from '../transactions/transaction';
import { extendedCents, SHIPPING_LINE, type TaxjarLineItem, type TaxjarOrderFields } from './document';

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

function lineItem(line: TransactionLine): Required<{ [K in keyof TaxjarLineItem]: NonNullable<TaxjarLineItem[K]> | null }> {
  return {
    id: line.number,
    quantity: line.quantity,
    product_identifier: line.item_code,
    description: line.description,
    product_tax_code: line.tax_code,
    unit_price: fromCents(unitPriceCents(line.amount, line.quantity)),
    discount: fromCents(line.discount),
    sales_tax: fromCents(line.tax),
  };
}

/** The order fields a committed document holds (addresses: the destination's state and ZIP only). */
export function orderFieldsOf(record: TransactionRecord): TaxjarOrderFields {
  const shipping = record.lines.find((l) => l.number === SHIPPING_LINE);
  const items = record.lines.filter((l) => l !== shipping);
  const destination = record.lines[0]?.address;
  return {
    transaction_date: record.date,
    to_country: 'US',
    to_state: destination?.state ?? null,
    to_zip: destination?.zip ?? null,
    customer_id: record.customer_code,
    amount: fromCents(items.reduce((n, l) => n + l.amount - l.discount, 0) + (shipping?.amount ?? 0)),
    shipping: fromCents(shipping?.amount ?? 0),
    line_items: items.map((l) => {
      const { sales_tax: _tax, ...item } = lineItem(l);
      return item;
    }),
  };
}

/** A document as TaxJar's order (or refund) transaction. `amount` includes shipping, as in TaxJar. */
export function transactionView(record: TransactionRecord) {
  const shipping = record.lines.find((l) => l.number === SHIPPING_LINE);
  const items = record.lines.filter((l) => l !== shipping);
  const fields = orderFieldsOf(record);
  return {
    transaction_id: taxjarId(record.code),
    user_id: null,
    transaction_date: record.date,
    transaction_reference_id: record.kind === 'refund' && record.original_code ? taxjarId(record.original_code) : null,
    provider: 'api',
    exemption_type: null,
    from_country: null,
    from_zip: null,
    from_state: null,
    from_city: null,
    from_street: null,
    to_country: fields.to_country,
    to_zip: fields.to_zip,
    to_state: fields.to_state,
    to_city: null,
    to_street: null,
    customer_id: record.customer_code,
    amount: fields.amount,
    shipping: fields.shipping,
    sales_tax: fromCents(record.lines.reduce((n, l) => n + l.tax, 0)),
    line_items: items.map(lineItem),
  };
}

export interface RefundLines {
  /** Amounts per original line number, in cents; null = everything that remains refundable. */
  readonly lines: readonly { readonly number: string; readonly amount: number }[] | null;
}

/**
 * A TaxJar refund's lines as the API's refund of `order`: each line item refunds |unit_price ×
 * quantity| − |discount| of the order line with the same id, and `shipping` the shipping line.
 * Without line items the refund's `amount` (shipping included, as in TaxJar) must be what remains
 * refundable (everything is refunded) or the shipping alone: the lines a partial amount would come
 * from cannot be guessed.
 */
export function refundLinesOf(refund: TaxjarOrderFields, order: TransactionRecord): RefundLines {
  const items = refund.line_items ?? [];
  const shipping = Math.abs(toCents(refund.shipping ?? 0));
  if (items.length > 0) {
    const lines = items.map((item, i) => ({
      number: item.id ?? String(i + 1),
      amount: Math.max(0, extendedCents(item.unit_price ?? 0, item.quantity ?? 1) - Math.abs(toCents(item.discount ?? 0))),
    }));
    if (shipping > 0) lines.push({ number: SHIPPING_LINE, amount: shipping });
    return { lines };
  }
  const amount = Math.abs(toCents(refund.amount ?? 0));
  const remaining = order.lines.reduce((n, l) => n + l.remaining.price, 0);
  if (amount === remaining) return { lines: null };
  if (shipping > 0 && amount === shipping) return { lines: [{ number: SHIPPING_LINE, amount: shipping }] };
  throw new DomainError(
    'invalid_request',
    'A refund of part of an order needs line_items (or refunds the shipping alone); without them its amount must be all that remains refundable.',
    [{ code: 'invalid_request', target: 'line_items', message: 'Name the refunded line items.' }],
  );
}
