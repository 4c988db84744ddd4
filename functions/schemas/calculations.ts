// Requests of the calculation domain besides the tax document itself (schemas/document.ts):
// estimates, rate lookups and the tax-code list.
import * as v from 'valibot';
import { CATEGORIES } from '../core/content/artifact';
import { AddressSchema } from './address';
import { DateSchema, opt, PageQueryEntries } from './common';
import { MAX_LINE_AMOUNT } from './document';

export const EstimateRequestSchema = v.strictObject({
  ship_to: AddressSchema,
  amount: v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_LINE_AMOUNT)),
  tax_code: opt(v.pipe(v.string(), v.minLength(1), v.maxLength(50))),
  date: opt(DateSchema),
});

export const RateQuerySchema = v.strictObject({
  zip: v.pipe(v.string(), v.maxLength(20)),
  state: v.optional(v.pipe(v.string(), v.maxLength(20))),
  date: v.optional(DateSchema),
});

export const TaxCodeQuerySchema = v.strictObject({
  ...PageQueryEntries,
  category: v.optional(v.picklist(CATEGORIES)),
  q: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
});
