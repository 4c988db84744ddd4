// Requests of the calculation domain besides the tax document itself (schemas/document.ts):
// estimates, rate lookups and the tax-code list.
import * as v from 'valibot';
import { CATEGORIES } from '../core/content/artifact';
import { AddressSchema } from './address';
import { DateSchema, described, opt, PageQueryEntries } from './common';
import { MAX_LINE_AMOUNT } from './document';

export const EstimateRequestSchema = v.strictObject({
  ship_to: described(AddressSchema, 'The destination.'),
  amount: v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_LINE_AMOUNT), v.description('The amount in USD, taxed as one line.')),
  tax_code: described(opt(v.pipe(v.string(), v.minLength(1), v.maxLength(50))), 'Product tax code (GET /tax-codes); default general goods.'),
  date: described(opt(DateSchema), 'Default today (UTC).'),
});

export const RateQuerySchema = v.strictObject({
  zip: v.pipe(v.string(), v.maxLength(20), v.description('5-digit ZIP or ZIP+4 of the destination.')),
  state: described(v.optional(v.pipe(v.string(), v.maxLength(20))), 'Two-letter state code, for a ZIP that crosses a state line.'),
  date: described(v.optional(DateSchema), 'The date of the rates (default today, UTC).'),
});

export const TaxCodeQuerySchema = v.strictObject({
  ...PageQueryEntries,
  category: described(v.optional(v.picklist(CATEGORIES)), 'Only the codes of this category.'),
  q: described(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))), 'Text found in the code, name or description (any letter case).'),
});
