// Request schemas of the TaxJar SmartCalcs v2-compatible API (docs/compatibility.md). Field names
// and types are TaxJar's; unknown fields are ignored as TaxJar ignores them (its clients send
// fields such as `plugin` we have no use for). Bounds are ours: the same limits as
// /api/v1's documents, so a translated document always passes the engine's own rules on size.
import * as v from 'valibot';
import { SERVICE_LIMITS } from '../core/limits/service-limits';
import { DateSchema, described, formatted, opt } from './common';
import { MAX_LINE_AMOUNT } from './document';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
/** Line item ids become our line numbers. */
const Id = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.string(), v.minLength(1), v.maxLength(50));
/**
 * Transaction and customer ids become our codes: the same characters but `:`, which separates an
 * order's versions (`<id>:v2` after its first update), and room for that suffix.
 */
const CodeId = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.string(), v.minLength(1), v.maxLength(40), v.regex(/^[A-Za-z0-9._-]+$/));
/**
 * A number, or the same number as a decimal string: TaxJar takes `"24.50"` as 24.5, and integrations
 * built on it (WooCommerce's among them) send every amount that way.
 */
const numeric = v.union(
  [v.pipe(v.number(), v.finite()), v.pipe(v.string(), formatted(/^\s*-?(?:\d+(?:\.\d*)?|\.\d+)\s*$/, 'a number or a decimal string'), v.transform(Number))],
  'Must be a number or a decimal string.',
);
const money = v.pipe(numeric, v.minValue(0), v.maxValue(MAX_LINE_AMOUNT));
/** Refunds may carry negative amounts in TaxJar (docs show both signs); their magnitude counts. */
const signedMoney = v.pipe(numeric, v.minValue(-MAX_LINE_AMOUNT), v.maxValue(MAX_LINE_AMOUNT));
/** TaxJar reads an empty product tax code as none: the item stays fully taxable. */
const TaxCode = v.pipe(
  text(50),
  v.transform((s) => (s.trim() === '' ? null : s.trim())),
);

export const EXEMPTION_TYPES = ['wholesale', 'government', 'marketplace', 'other', 'non_exempt'] as const;

type AddressField = 'country' | 'zip' | 'state' | 'city' | 'street';
const END = { from: 'Origin', to: 'Destination' } as const;
/** The address fields of one end of an order, under their prefixed names (`to_zip`, `from_state`, …). */
const addressEntries = <P extends 'from' | 'to'>(prefix: P) =>
  ({
    [`${prefix}_country`]: described(opt(text(2)), `${END[prefix]} country: US only (another is 400 invalid_address).`),
    [`${prefix}_zip`]: described(opt(text(10)), `${END[prefix]} ZIP or ZIP+4.`),
    [`${prefix}_state`]: described(
      opt(text(2)),
      prefix === 'from' ? 'Origin state; IL makes the seller an Illinois in-state seller, anything else remote.' : 'Destination state (two letters).',
    ),
    [`${prefix}_city`]: described(opt(text(100)), 'Accepted; the rate follows the ZIP and state.'),
    [`${prefix}_street`]: described(opt(text(200)), 'Street address; not used for the rate.'),
  }) as { readonly [F in `${P}_${AddressField}`]: ReturnType<typeof described<ReturnType<typeof opt<ReturnType<typeof text>>>>> };

const LineItem = v.object({
  id: described(opt(Id), 'The line’s number (default: its position); refunds name the order’s lines by it.'),
  quantity: described(opt(v.pipe(numeric, v.gtValue(0), v.maxValue(1_000_000))), 'Default 1 (a number or a decimal string).'),
  product_identifier: described(opt(text(50)), 'Your SKU; the line’s description when it has none (Illinois product identity).'),
  description: opt(text(255)),
  product_tax_code: described(opt(TaxCode), 'A product tax code of GET /v2/categories; omitted, null or empty: general goods, fully taxable.'),
  unit_price: described(opt(signedMoney), 'The line is unit_price × quantity (the magnitude, for refunds).'),
  discount: described(opt(signedMoney), 'The line’s total discount.'),
  sales_tax: described(opt(signedMoney), 'On orders and refunds: the tax collected on the item, recorded beside the computed tax. Not used by POST /v2/taxes.'),
});

const lineItems = described(
  v.pipe(v.array(LineItem), v.maxLength(SERVICE_LIMITS.max_lines_per_document - 1)),
  'Each item is a line of the document (up to 999; shipping takes one more).',
);

export const NexusAddress = v.object({
  id: opt(text(50)),
  country: opt(text(2)),
  zip: opt(text(10)),
  state: v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/)),
  city: opt(text(100)),
  street: opt(text(200)),
});

const SHIPPING = 'The shipping charge: a line of its own, taxed by the destination state’s rule for delivery charges.';
const CUSTOMER =
  'A customer (POST /v2/customers): its active, assigned certificate for the destination state exempts the order; without one, its declared exemption_type and exempt_regions do, as a declaration.';
const EXEMPTION =
  '`non_exempt` and `marketplace` waive every exemption; `wholesale`, `government` and `other` exempt the order: by the customer’s certificate for the destination state where there is one, else on this declaration (lines answer `declared_exemption_without_certificate`, and GET /api/v1/exemptions/declared lists it until a certificate covers it).';

/** POST /v2/taxes. */
export const TaxjarTaxRequestSchema = v.object({
  ...addressEntries('from'),
  ...addressEntries('to'),
  to_zip: v.pipe(v.string(), v.maxLength(10), v.description('Destination ZIP or ZIP+4.')),
  amount: described(opt(money), 'The order amount excluding shipping: without line_items, taxed as one line; with them, not used.'),
  shipping: v.pipe(money, v.description(SHIPPING)),
  customer_id: described(opt(CodeId), CUSTOMER),
  exemption_type: described(opt(v.picklist(EXEMPTION_TYPES)), EXEMPTION),
  nexus_addresses: described(
    opt(v.pipe(v.array(NexusAddress), v.maxLength(100))),
    'The states where the seller has nexus, for this order: a destination among them is taxed, any other collects nothing (`has_nexus: false`). Without them the account’s nexus setting decides.',
  ),
  line_items: opt(lineItems),
});

const ORDER_AMOUNT =
  'Without line_items, taxed as one line beside the shipping line (so it is the amount without shipping); with them, not used: the answer’s amount is the committed items net of discounts plus shipping.';

const orderEntries = {
  ...addressEntries('from'),
  ...addressEntries('to'),
  transaction_date: described(
    opt(
      v.pipe(
        v.string(),
        v.transform((s) => s.slice(0, 10).replaceAll('/', '-')),
        DateSchema,
      ),
    ),
    'The document date, YYYY/MM/DD or YYYY-MM-DD (a time after it is ignored); default today (UTC).',
  ),
  amount: described(opt(signedMoney), ORDER_AMOUNT),
  shipping: described(opt(signedMoney), SHIPPING),
  sales_tax: described(
    opt(signedMoney),
    'The sales tax collected, recorded as such (the order answers it as its `sales_tax`); the committed tax is the engine’s, and GET /api/v1/transactions/{code} answers both.',
  ),
  provider: described(opt(text(255)), 'Where the transaction was recorded (`woo`, `magento`, …); answered back, default `api`.'),
  customer_id: described(opt(CodeId), CUSTOMER),
  exemption_type: described(opt(v.picklist(EXEMPTION_TYPES)), EXEMPTION),
  line_items: opt(lineItems),
};

const TRANSACTION_ID = 'Your id, the transaction’s code here: letters, digits, `.`, `_`, `-`, up to 40 characters.';

/** POST /v2/transactions/orders. */
export const TaxjarOrderCreateSchema = v.object({
  transaction_id: described(CodeId, `${TRANSACTION_ID} A taken one is 422 (duplicate_transaction).`),
  ...orderEntries,
  to_zip: described(text(10), 'Destination ZIP or ZIP+4.'),
  shipping: described(signedMoney, SHIPPING),
  amount: described(signedMoney, ORDER_AMOUNT),
});
/** PUT /v2/transactions/orders/:id: any order field; what is absent keeps its committed value. */
export const TaxjarOrderUpdateSchema = v.object({ transaction_id: described(opt(CodeId), 'Accepted; the path names the order.'), ...orderEntries });
/** POST /v2/transactions/refunds. */
export const TaxjarRefundCreateSchema = v.object({
  transaction_id: described(CodeId, `The refund’s own id. ${TRANSACTION_ID}`),
  transaction_reference_id: described(CodeId, 'The order refunded (its current version).'),
  ...orderEntries,
  amount: described(
    signedMoney,
    'Without line_items: everything that remains refundable (shipping included) or the shipping alone; any other amount is 400 invalid_request. Either sign.',
  ),
  shipping: described(signedMoney, 'The shipping refunded. Either sign.'),
  line_items: described(opt(lineItems), 'The order’s lines refunded, by `id`: each refunds |unit_price × quantity| − |discount| at the order’s rates.'),
});

/** PUT /v2/transactions/refunds/:id: the refund replaced; what is absent keeps the stored refund's value. */
export const TaxjarRefundUpdateSchema = v.object({
  transaction_id: described(opt(CodeId), 'Accepted; the path names the refund.'),
  transaction_reference_id: described(opt(CodeId), 'The order refunded: the refund’s own order, or absent. Another order is 400 invalid_request.'),
  ...orderEntries,
  amount: described(
    opt(signedMoney),
    'As on create; without line_items it replaces the stored refund’s items. Absent: the stored refund’s amounts. Either sign.',
  ),
  shipping: described(opt(signedMoney), 'The shipping refunded. Either sign.'),
  line_items: described(opt(lineItems), 'As on create: the order’s lines refunded, by `id`.'),
});

/** GET /v2/transactions/orders and /refunds: by one date or a range (YYYY/MM/DD or YYYY-MM-DD). */
const queryDate = opt(
  v.pipe(
    v.string(),
    v.transform((s) => s.slice(0, 10).replaceAll('/', '-')),
    DateSchema,
  ),
);
export const TaxjarTransactionListQuerySchema = v.object({
  transaction_date: described(queryDate, 'Transactions dated this day (YYYY/MM/DD or YYYY-MM-DD).'),
  from_transaction_date: described(queryDate, 'Transactions dated on or after this day.'),
  to_transaction_date: described(queryDate, 'Transactions dated on or before this day.'),
  provider: described(
    opt(text(50)),
    'Accepted and ignored: the list names every transaction, whatever its provider (TaxJar lists one provider’s, default `api`).',
  ),
});

/** GET /v2/rates/:zip. */
export const TaxjarRateQuerySchema = v.object({
  country: described(opt(text(2)), 'Accepted; US only.'),
  state: described(opt(text(2)), 'The state, for a ZIP that crosses a state line.'),
  city: described(opt(text(100)), 'Accepted and not used (no boundary data).'),
  street: described(opt(text(200)), 'Accepted and not used (no boundary data).'),
});

const ExemptRegion = v.object({ country: opt(text(2)), state: v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/)) });

const KEPT_AS_SENT = 'Kept as sent and answered back; taxes follow the order’s addresses.';
const customerEntries = {
  exemption_type: described(
    opt(v.picklist(EXEMPTION_TYPES)),
    'Kept as sent: wholesale, government and other declare an exemption for exempt_regions (none named: every state), used where the customer has no certificate for the state and reported as a declaration without a certificate.',
  ),
  name: opt(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  exempt_regions: described(opt(v.pipe(v.array(ExemptRegion), v.maxLength(60))), 'The states the declared exemption_type covers, kept as sent.'),
  country: described(opt(text(2)), KEPT_AS_SENT),
  state: described(opt(text(2)), KEPT_AS_SENT),
  zip: described(opt(text(10)), KEPT_AS_SENT),
  city: described(opt(text(100)), KEPT_AS_SENT),
  street: described(opt(text(200)), KEPT_AS_SENT),
};

/** POST /v2/customers. */
export const TaxjarCustomerCreateSchema = v.object({
  customer_id: described(CodeId, 'Your id, the customer code here: letters, digits, `.`, `_`, `-`, up to 40 characters. A taken one is 422 (conflict).'),
  ...customerEntries,
});
/** PUT /v2/customers/:id. */
export const TaxjarCustomerUpdateSchema = v.object({ customer_id: described(opt(CodeId), 'Accepted; the path names the customer.'), ...customerEntries });

/** POST /v2/verify: the key to check (TaxJar's Magento 2 extension sends the key it authenticates with). */
export const TaxjarVerifySchema = v.object({ token: described(opt(text(200)), 'Accepted; the key checked is the one the request authenticates with.') });

/** POST /v2/addresses/validate. */
export const TaxjarAddressValidationSchema = v.object({
  country: described(opt(text(3)), 'US only (another is 400 invalid_address).'),
  state: described(opt(text(2)), 'Narrows the ZIP to one state; without it every state that lists the ZIP answers.'),
  zip: described(opt(text(10)), 'ZIP or ZIP+4: required, addresses are placed by it.'),
  city: described(opt(text(100)), 'Accepted; the answer names the ZIP’s city.'),
  street: described(opt(text(200)), 'Accepted and not validated: there is no street data.'),
});
