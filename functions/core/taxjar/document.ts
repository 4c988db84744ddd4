// TaxJar SmartCalcs v2 orders (POST /v2/taxes, /v2/transactions/orders) as the API's tax document,
// so the compatibility API is taxed by the same engine. Pure: amounts stay integer cents until the
// document is built, and the document then passes the API's own schema.
import { DomainError } from '../errors';
import type { AddressInput, DocumentInput, LineInput, SellerClass } from '../tax/input';
import { fromCents, mulDivHalfUp, toCents } from '../tax/money';

type Maybe<T> = T | null | undefined;

export interface TaxjarAddressFields {
  readonly from_country?: Maybe<string>;
  readonly from_zip?: Maybe<string>;
  readonly from_state?: Maybe<string>;
  readonly from_city?: Maybe<string>;
  readonly from_street?: Maybe<string>;
  readonly to_country?: Maybe<string>;
  readonly to_zip?: Maybe<string>;
  readonly to_state?: Maybe<string>;
  readonly to_city?: Maybe<string>;
  readonly to_street?: Maybe<string>;
}

export interface TaxjarLineItem {
  readonly id?: Maybe<string>;
  readonly quantity?: Maybe<number>;
  readonly product_identifier?: Maybe<string>;
  readonly description?: Maybe<string>;
  readonly product_tax_code?: Maybe<string>;
  readonly unit_price?: Maybe<number>;
  readonly discount?: Maybe<number>;
  readonly sales_tax?: Maybe<number>;
}

export interface TaxjarOrderFields extends TaxjarAddressFields {
  readonly transaction_date?: Maybe<string>;
  readonly amount?: Maybe<number>;
  readonly shipping?: Maybe<number>;
  /** What the seller collected (orders and refunds); the tax committed is the engine's. */
  readonly sales_tax?: Maybe<number>;
  /** Where the transaction was recorded (`api` by default, `woo`, …): kept and answered back. */
  readonly provider?: Maybe<string>;
  readonly customer_id?: Maybe<string>;
  readonly exemption_type?: Maybe<string>;
  readonly line_items?: Maybe<readonly TaxjarLineItem[]>;
}

/** The line that carries an order's shipping, taxed under the content's SHIPPING code. */
export const SHIPPING_LINE = 'shipping';
export const SHIPPING_TAX_CODE = 'SHIPPING';

const QUANTITY_SCALE = 1_000_000;

/**
 * unit_price × quantity in cents, half-up. Refunds may send negative prices: the magnitude counts.
 * The quantity is scaled to millionths so a fractional quantity (1.5 kg) multiplies in integers.
 */
export function extendedCents(unitPrice: number, quantity: number): number {
  const unit = Math.abs(toCents(unitPrice));
  const scaled = Math.round(Math.abs(quantity) * QUANTITY_SCALE);
  return mulDivHalfUp(unit, scaled, QUANTITY_SCALE);
}

function address(prefix: 'from' | 'to', fields: TaxjarAddressFields): AddressInput | null {
  const zip = fields[`${prefix}_zip`];
  if (zip == null || zip === '') return null;
  return {
    zip,
    state: fields[`${prefix}_state`] ?? null,
    city: fields[`${prefix}_city`] ?? null,
    line1: fields[`${prefix}_street`] ?? null,
    country: fields[`${prefix}_country`] ?? null,
  };
}

/**
 * TaxJar's seller posture for Illinois sourcing: shipping from Illinois is selling in the state;
 * anything else is a remote seller (TaxJar has no marketplace flag on orders).
 */
export const sellerClassOf = (fields: TaxjarAddressFields): SellerClass => (fields.from_state?.trim().toUpperCase() === 'IL' ? 'in_state' : 'remote');

/**
 * The description of an item TaxJar's request leaves unnamed: TaxJar taxes an item without a
 * product tax code as general goods, so this surface says so, which is the product identity
 * Illinois' rules ask of every line (TaxJar's tax requests carry no description).
 */
export const GENERAL_GOODS_DESCRIPTION = 'General tangible goods (no product_tax_code)';

function itemLine(item: TaxjarLineItem, index: number): LineInput {
  const quantity = item.quantity ?? 1;
  const named = item.description?.trim() ? item.description : item.product_identifier?.trim() ? item.product_identifier : null;
  return {
    number: item.id ?? String(index + 1),
    tax_code: item.product_tax_code ?? null,
    description: named ?? (item.product_tax_code == null ? GENERAL_GOODS_DESCRIPTION : null),
    quantity: Math.abs(quantity),
    amount: fromCents(extendedCents(item.unit_price ?? 0, quantity)),
    discount: item.discount == null ? null : fromCents(Math.abs(toCents(item.discount))),
  };
}

/**
 * The API's document for a TaxJar order: `to_` is `ship_to`, `from_` `ship_from`; each line item a
 * line numbered by its `id` (its position when absent) with `amount` = unit_price × quantity;
 * without line items, one line of `amount` (which TaxJar states excludes shipping); shipping is
 * always its own line, so freight taxability is answered even for free shipping.
 */
export function taxjarDocument(order: TaxjarOrderFields, options: { readonly nexusMode?: 'account' | 'reference' } = {}): DocumentInput {
  const items = order.line_items ?? [];
  const lines: LineInput[] = items.length > 0 ? items.map(itemLine) : [{ number: '1', amount: fromCents(Math.abs(toCents(order.amount ?? 0))) }];
  lines.push({ number: SHIPPING_LINE, tax_code: SHIPPING_TAX_CODE, amount: fromCents(Math.abs(toCents(order.shipping ?? 0))) });
  return {
    date: order.transaction_date ?? null,
    customer_code: order.customer_id ?? null,
    seller_class: sellerClassOf(order),
    ship_from: address('from', order),
    ship_to: address('to', order) ?? { zip: '' },
    nexus_mode: options.nexusMode ?? null,
    lines,
  };
}

/**
 * Nexus as TaxJar's `nexus_addresses` declare it: the states listed. Null when the request lists
 * none, and the account's nexus setting decides.
 */
export function declaredNexus(nexusAddresses: Maybe<readonly { readonly state: string }[]>): ReadonlySet<string> | null {
  if (!nexusAddresses || nexusAddresses.length === 0) return null;
  return new Set(nexusAddresses.map((a) => a.state.trim().toUpperCase()));
}

const ADDRESS_FIELDS: Readonly<Record<string, string>> = { zip: 'zip', state: 'state', city: 'city', line1: 'street', country: 'country' };
const LINE_FIELDS: Readonly<Record<string, string>> = { number: 'id', tax_code: 'product_tax_code', amount: 'unit_price', description: 'description' };
const DOCUMENT_FIELDS: Readonly<Record<string, string>> = { customer_code: 'customer_id', date: 'transaction_date', lines: 'line_items' };

/**
 * A target of the translated document (`lines.0.discount`, `ship_to.zip`) in the TaxJar request's
 * terms (`line_items.0.discount`, `to_zip`); the lines after the `itemCount` line items are the
 * shipping line (or the one line of `amount`).
 */
export function taxjarTarget(target: string, itemCount: number): string {
  const [head, second, third, ...rest] = target.split('.');
  if ((head === 'ship_to' || head === 'ship_from') && second !== undefined)
    return [`${head === 'ship_to' ? 'to' : 'from'}_${ADDRESS_FIELDS[second] ?? second}`, ...(third === undefined ? [] : [third]), ...rest].join('.');
  if (head === 'lines' && second !== undefined && /^\d+$/.test(second)) {
    const index = Number(second);
    if (index >= itemCount) return itemCount === 0 && index === 0 ? 'amount' : 'shipping';
    return ['line_items', second, ...(third === undefined ? [] : [LINE_FIELDS[third] ?? third]), ...rest].join('.');
  }
  return [DOCUMENT_FIELDS[head ?? ''] ?? head, ...[second, third, ...rest].filter((p) => p !== undefined)].join('.');
}

/** The error with its detail targets in the TaxJar request's terms; other errors as they are. */
export function inTaxjarTerms(error: unknown, itemCount: number): unknown {
  if (!(error instanceof DomainError) || !error.details?.length) return error;
  return new DomainError(
    error.code,
    error.message,
    error.details.map((d) => ({ ...d, target: taxjarTarget(d.target, itemCount) })),
    error.retryAfterSeconds,
  );
}
