// The tax document of calculations, transactions and batch items (contract §2.1).
import * as v from 'valibot';
import { SELLER_CLASSES } from '../core/tax/input';
import { SERVICE_LIMITS } from '../core/limits/service-limits';
import { AddressSchema } from './address';
import { CodeSchema, DateSchema, opt, uniqueBy } from './common';

/** Largest line amount accepted: keeps every product of cents and rates exact in integers. */
export const MAX_LINE_AMOUNT = 99_999_999.99;

const money = v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_LINE_AMOUNT));

export const CertificateIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

export const LineSchema = v.pipe(
  v.strictObject({
    number: opt(v.pipe(v.string(), v.minLength(1), v.maxLength(50))),
    item_code: opt(CodeSchema),
    tax_code: opt(v.pipe(v.string(), v.minLength(1), v.maxLength(50))),
    description: opt(v.pipe(v.string(), v.maxLength(500))),
    quantity: opt(v.pipe(v.number(), v.gtValue(0), v.maxValue(1_000_000_000))),
    amount: v.pipe(money, v.description('Extended line amount in USD (already multiplied by quantity).')),
    discount: opt(v.pipe(money, v.description('At most `amount` (otherwise 422 less_than_equal).'))),
    tax_included: opt(v.boolean()),
    ship_to: opt(AddressSchema),
    exemption_certificate_id: opt(CertificateIdSchema),
  }),
  v.forward(
    v.check((line) => line.discount == null || line.discount <= line.amount, 'less_than_equal'),
    ['discount'],
  ),
);

export type LineInput = v.InferOutput<typeof LineSchema>;

const documentEntries = {
  date: opt(DateSchema),
  customer_code: opt(CodeSchema),
  location_code: opt(CodeSchema),
  currency: opt(v.literal('USD')),
  seller_class: opt(v.picklist(SELLER_CLASSES)),
  seller_declaration: opt(
    v.strictObject({
      seller_class: v.picklist(SELLER_CLASSES),
      token: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
    }),
  ),
  ship_from: opt(AddressSchema),
  ship_to: AddressSchema,
  exemption_certificate_id: opt(CertificateIdSchema),
  nexus_mode: opt(v.picklist(['account', 'reference'])),
  require_known: opt(v.boolean()),
  strict: opt(v.boolean()),
  accuracy_policy: opt(v.picklist(['best_effort', 'deterministic'])),
  minimum_address_precision: opt(v.picklist(['state', 'zip5', 'zip9', 'rooftop'])),
  // Line numbers identify lines in refunds and credits, so they are unique in a document.
  lines: v.pipe(
    v.array(LineSchema),
    v.minLength(1),
    v.maxLength(SERVICE_LIMITS.max_lines_per_document),
    uniqueBy<LineInput>('number', (line, i) => line.number ?? String(i + 1)),
    v.description('Line numbers are unique (`number` defaults to the 1-based position); a repeat is 422 duplicate_value.'),
  ),
};

export const CalculationRequestSchema = v.strictObject(documentEntries);
export type DocumentInput = v.InferOutput<typeof CalculationRequestSchema>;

/** Transaction codes are caller-chosen codes like any other (contract §2.1). */
export const TransactionCodeSchema = CodeSchema;

export const TransactionRequestSchema = v.strictObject({ code: TransactionCodeSchema, ...documentEntries });
