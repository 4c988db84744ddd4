// The tax document of calculations, transactions and batch items (contract §2.1).
import * as v from 'valibot';
import { SELLER_CLASSES } from '../core/illinois/declaration';
import { AddressSchema } from './address';
import { CodeSchema, DateSchema, opt } from './common';

/** Largest line amount accepted: keeps every product of cents and rates exact in integers. */
export const MAX_LINE_AMOUNT = 99_999_999.99;
export const MAX_LINES = 1000;

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
    discount: opt(money),
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
  lines: v.pipe(v.array(LineSchema), v.minLength(1), v.maxLength(MAX_LINES)),
};

/** Line numbers identify lines in refunds and credits, so they must be unique in a document. */
function uniqueLineNumbers<T extends { lines: LineInput[] }>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  const seen = new Set<string>();
  dataset.value.lines.forEach((line, i) => {
    const number = line.number ?? String(i + 1);
    if (seen.has(number))
      addIssue({
        message: 'duplicate_value',
        path: [
          { type: 'object', origin: 'value', input: dataset.value, key: 'lines', value: dataset.value.lines },
          { type: 'array', origin: 'value', input: dataset.value.lines, key: i, value: line },
          { type: 'object', origin: 'value', input: line, key: 'number', value: line.number },
        ],
      });
    seen.add(number);
  });
  });
}

const CalculationObject = v.strictObject(documentEntries);
export const CalculationRequestSchema = v.pipe(CalculationObject, uniqueLineNumbers<v.InferOutput<typeof CalculationObject>>());
export type DocumentInput = v.InferOutput<typeof CalculationRequestSchema>;

export const TransactionCodeSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(50), v.regex(/^[A-Za-z0-9._:-]+$/));

const TransactionObject = v.strictObject({ code: TransactionCodeSchema, ...documentEntries });
export const TransactionRequestSchema = v.pipe(TransactionObject, uniqueLineNumbers<v.InferOutput<typeof TransactionObject>>());
export type TransactionInput = v.InferOutput<typeof TransactionRequestSchema>;
