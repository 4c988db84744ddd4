// The tax document of calculations, transactions and batch items (docs/taxes-and-content.md).
import * as v from 'valibot';
import { SERVICE_LIMITS } from '../core/limits/service-limits';
import { SELLER_CLASSES } from '../core/tax/input';
import { DECLARED_TYPES } from '../core/tax/types';
import { AddressSchema } from './address';
import { CodeSchema, DateSchema, described, opt, uniqueBy } from './common';

/** Largest line amount accepted: keeps every product of cents and rates exact in integers. */
export const MAX_LINE_AMOUNT = 99_999_999.99;

const money = v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_LINE_AMOUNT));

export const CertificateIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

export const LineSchema = v.pipe(
  v.strictObject({
    number: described(
      opt(v.pipe(v.string(), v.minLength(1), v.maxLength(50))),
      'Names the line in refunds and credits (default: its 1-based position); unique in the document.',
    ),
    item_code: described(opt(CodeSchema), 'A SKU of the account’s catalog (POST /items): the line takes its tax code when it sends none.'),
    tax_code: described(
      opt(v.pipe(v.string(), v.minLength(1), v.maxLength(50))),
      'Product tax code (GET /tax-codes; SHIPPING for delivery charges). Without one (and without an item_code) the line is general goods; an unknown code is taxed as general goods with a warning, or refused with `strict`.',
    ),
    description: described(
      opt(v.pipe(v.string(), v.maxLength(500))),
      'Free text. In Illinois it identifies the product when neither a tax code nor a SKU does.',
    ),
    quantity: described(
      opt(v.pipe(v.number(), v.gtValue(0), v.maxValue(1_000_000_000))),
      'Units (default 1); for the record only: `amount` is the whole line’s.',
    ),
    amount: v.pipe(money, v.description('Extended line amount in USD (already multiplied by quantity).')),
    discount: opt(v.pipe(money, v.description('Reduces the taxable amount. At most `amount` (otherwise 422 less_than_equal).'))),
    tax_included: described(
      opt(v.boolean()),
      '`amount` includes the tax, which is backed out of it (same rounding). Not with a `discount` on the same line (400 invalid_request).',
    ),
    ship_to: described(opt(AddressSchema), 'This line’s destination, where it is not the document’s `ship_to`.'),
    exemption_certificate_id: described(opt(CertificateIdSchema), 'A certificate for this line only, instead of the document’s `exemption_certificate_id`.'),
  }),
  v.forward(
    v.check((line) => line.discount == null || line.discount <= line.amount, 'less_than_equal'),
    ['discount'],
  ),
);

export type LineInput = v.InferOutput<typeof LineSchema>;

const documentEntries = {
  date: described(opt(DateSchema), 'The document date (default today, UTC): it is taxed with the content version in force on it.'),
  customer_code: described(
    opt(CodeSchema),
    'The buyer (POST /customers), whose assigned certificates `exemption_certificate_id` may select. Kept with a committed document; not checked otherwise.',
  ),
  location_code: described(
    opt(CodeSchema),
    'The location the document is filed under (POST /locations); return figures are also kept per location. A location-scoped key defaults to its own and may name no other (403 location_not_authorized); a code the account does not have is 404 not_found.',
  ),
  currency: described(opt(v.literal('USD')), 'USD only (the default).'),
  seller_class: described(
    opt(v.picklist(SELLER_CLASSES)),
    'Illinois: the seller’s posture, which decides how a line into Illinois is sourced. Needed for Illinois destinations unless a `seller_declaration` is sent or the account derives the posture from verified Illinois locations (PATCH /account).',
  ),
  seller_declaration: described(
    opt(
      v.strictObject({
        seller_class: v.picklist(SELLER_CLASSES),
        token: v.pipe(v.string(), v.minLength(1), v.maxLength(4096), v.description('The token POST /il-seller-declarations answered.')),
      }),
    ),
    'Illinois: a posture signed by POST /il-seller-declarations, instead of `seller_class`. One that does not verify is 422 il_sourcing_unresolved_untrusted_contract.',
  ),
  ship_from: described(
    opt(AddressSchema),
    'Where the goods leave from: within an origin-sourcing state a sale is taxed at the origin’s local rates. A `remote` Illinois seller may not ship from Illinois.',
  ),
  ship_to: described(AddressSchema, 'Where the goods go: every line’s destination unless the line names its own.'),
  exemption_certificate_id: described(
    opt(CertificateIdSchema),
    'An exemption certificate of `customer_code` to apply: active, assigned to the customer, effective on the date and for the destination’s state. One that does not apply is 422 exemption_certificate_not_found, never a silent exemption.',
  ),
  declared_exemption: described(
    opt(
      v.strictObject({
        type: described(v.picklist(DECLARED_TYPES), 'What the buyer declares: wholesale (resale), government or other.'),
        reason: described(opt(v.pipe(v.string(), v.minLength(1), v.maxLength(200))), 'The buyer’s own words for it, kept with the document.'),
      }),
    ),
    'An exemption on the buyer’s word, without a certificate: every line it reaches that no certificate exempts answers reason declared_exemption and a warning declared_exemption_without_certificate, and a committed document counts in GET /exemptions/declared until a certificate covers the customer and state.',
  ),
  nexus_mode: described(
    opt(v.picklist(['account', 'reference'])),
    '`account` (default): collect only where the account has nexus (PATCH /account), other lines answer tax 0 with reason no_nexus; `reference`: as if it had nexus everywhere (calculations only; a commit is 400 invalid_nexus_mode).',
  ),
  require_known: described(
    opt(v.boolean()),
    'Refuse lines with no known tax code or SKU (422 product_identity_required) rather than tax them as general goods.',
  ),
  strict: described(opt(v.boolean()), 'Refuse unknown tax codes (400 invalid_tax_code) rather than tax them as general goods with a warning.'),
  accuracy_policy: described(
    opt(v.picklist(['best_effort', 'deterministic'])),
    '`best_effort` (default) answers with warnings; `deterministic` refuses what it would warn about (a ZIP of several rate areas, rates older than the date): 422 accuracy_requirement_not_met.',
  ),
  minimum_address_precision: described(
    opt(v.picklist(['state', 'zip5', 'zip9', 'rooftop'])),
    'Refuse a destination resolved less precisely (422 address_precision_requirement_not_met). The bundled content resolves ZIP codes (`zip5`).',
  ),
  // Line numbers identify lines in refunds and credits, so they are unique in a document.
  lines: v.pipe(
    v.array(LineSchema),
    v.minLength(1),
    v.maxLength(SERVICE_LIMITS.max_lines_per_document),
    uniqueBy<LineInput>('number', (line, i) => line.number ?? String(i + 1)),
    v.description('1 to 1,000 lines. Line numbers are unique (`number` defaults to the 1-based position); a repeat is 422 duplicate_value.'),
  ),
};

export const CalculationRequestSchema = v.strictObject(documentEntries);
export type DocumentInput = v.InferOutput<typeof CalculationRequestSchema>;

/** Transaction codes are caller-chosen codes like any other. */
export const TransactionCodeSchema = CodeSchema;

/** What the seller reports it collected, beside the computed tax (a refund's: the tax it gave back). */
export const CollectedTaxSchema = described(
  opt(money),
  'The sales tax you collected on the document, as your system recorded it (USD). Kept beside the computed tax, never instead of it: the view answers both and `collection_difference`, and the return figures and GET /reports/collection sum under- and over-collection. Left out: not reported.',
);

export const TransactionRequestSchema = v.strictObject({
  code: described(TransactionCodeSchema, 'Your code for the document, unique per account and environment; a taken one is 409 duplicate_transaction.'),
  ...documentEntries,
  collected_tax: CollectedTaxSchema,
});
