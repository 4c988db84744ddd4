// Request schemas of the TaxJar SmartCalcs v2-compatible API (README "TaxJar compatibility"). Field
// names and types are TaxJar's; unknown fields are ignored as TaxJar ignores them (its clients send
// fields such as `provider` or `plugin` we have no use for). Bounds are ours: the same limits as the
// contract's documents, so a translated document always passes the engine's own rules on size.
import * as v from 'valibot';
import { SERVICE_LIMITS } from '../core/limits/service-limits';
import { DateSchema, opt } from './common';
import { MAX_LINE_AMOUNT } from './document';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
/** Line item ids become our line numbers. */
const Id = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.string(), v.minLength(1), v.maxLength(50));
/**
 * Transaction and customer ids become our codes: the same characters but `:`, which separates an
 * order's versions (`<id>:v2` after its first update), and room for that suffix.
 */
const CodeId = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.string(), v.minLength(1), v.maxLength(40), v.regex(/^[A-Za-z0-9._-]+$/));
const money = v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_LINE_AMOUNT));
/** Refunds may carry negative amounts in TaxJar (docs show both signs); their magnitude counts. */
const signedMoney = v.pipe(v.number(), v.minValue(-MAX_LINE_AMOUNT), v.maxValue(MAX_LINE_AMOUNT));

export const EXEMPTION_TYPES = ['wholesale', 'government', 'marketplace', 'other', 'non_exempt'] as const;

const addressEntries = (prefix: 'from' | 'to') =>
  ({
    [`${prefix}_country`]: opt(text(2)),
    [`${prefix}_zip`]: opt(text(10)),
    [`${prefix}_state`]: opt(text(2)),
    [`${prefix}_city`]: opt(text(100)),
    [`${prefix}_street`]: opt(text(200)),
  }) as const;

const LineItem = v.object({
  id: opt(Id),
  quantity: opt(v.pipe(v.number(), v.gtValue(0), v.maxValue(1_000_000))),
  product_identifier: opt(text(50)),
  description: opt(text(255)),
  product_tax_code: opt(text(50)),
  unit_price: opt(signedMoney),
  discount: opt(signedMoney),
  sales_tax: opt(signedMoney),
});

const lineItems = v.pipe(v.array(LineItem), v.maxLength(SERVICE_LIMITS.max_lines_per_document - 1));

export const NexusAddress = v.object({
  id: opt(text(50)),
  country: opt(text(2)),
  zip: opt(text(10)),
  state: v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/)),
  city: opt(text(100)),
  street: opt(text(200)),
});

/** POST /v2/taxes. */
export const TaxjarTaxRequestSchema = v.object({
  from_country: opt(text(2)),
  from_zip: opt(text(10)),
  from_state: opt(text(2)),
  from_city: opt(text(100)),
  from_street: opt(text(200)),
  to_country: opt(text(2)),
  to_zip: v.pipe(v.string(), v.maxLength(10)),
  to_state: opt(text(2)),
  to_city: opt(text(100)),
  to_street: opt(text(200)),
  amount: opt(money),
  shipping: money,
  customer_id: opt(CodeId),
  exemption_type: opt(v.picklist(EXEMPTION_TYPES)),
  nexus_addresses: opt(v.pipe(v.array(NexusAddress), v.maxLength(100))),
  line_items: opt(lineItems),
});

const orderEntries = {
  ...addressEntries('from'),
  ...addressEntries('to'),
  transaction_date: opt(
    v.pipe(
      v.string(),
      v.transform((s) => s.slice(0, 10).replaceAll('/', '-')),
      DateSchema,
    ),
  ),
  amount: opt(signedMoney),
  shipping: opt(signedMoney),
  sales_tax: opt(signedMoney),
  customer_id: opt(CodeId),
  exemption_type: opt(v.picklist(EXEMPTION_TYPES)),
  line_items: opt(lineItems),
};

/** POST /v2/transactions/orders. */
export const TaxjarOrderCreateSchema = v.object({ transaction_id: CodeId, ...orderEntries, to_zip: text(10), shipping: signedMoney, amount: signedMoney });
/** PUT /v2/transactions/orders/:id: any order field; what is absent keeps its committed value. */
export const TaxjarOrderUpdateSchema = v.object({ transaction_id: opt(CodeId), ...orderEntries });
/** POST /v2/transactions/refunds. */
export const TaxjarRefundCreateSchema = v.object({
  transaction_id: CodeId,
  transaction_reference_id: CodeId,
  ...orderEntries,
  amount: signedMoney,
  shipping: signedMoney,
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
  transaction_date: queryDate,
  from_transaction_date: queryDate,
  to_transaction_date: queryDate,
  provider: opt(text(50)),
});

/** GET /v2/rates/:zip. */
export const TaxjarRateQuerySchema = v.object({
  country: opt(text(2)),
  state: opt(text(2)),
  city: opt(text(100)),
  street: opt(text(200)),
});

const ExemptRegion = v.object({ country: opt(text(2)), state: v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/)) });

const customerEntries = {
  exemption_type: opt(v.picklist(EXEMPTION_TYPES)),
  name: opt(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  exempt_regions: opt(v.pipe(v.array(ExemptRegion), v.maxLength(60))),
  country: opt(text(2)),
  state: opt(text(2)),
  zip: opt(text(10)),
  city: opt(text(100)),
  street: opt(text(200)),
};

/** POST /v2/customers. */
export const TaxjarCustomerCreateSchema = v.object({ customer_id: CodeId, ...customerEntries });
/** PUT /v2/customers/:id. */
export const TaxjarCustomerUpdateSchema = v.object({ customer_id: opt(CodeId), ...customerEntries });
