import * as v from 'valibot';
import { CATEGORIES } from '../core/content/artifact';
import { PageQueryEntries } from '../schemas/common';

export const TaxCodeQuerySchema = v.strictObject({
  ...PageQueryEntries,
  limit: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(1000)), '100'),
  category: v.optional(v.picklist(CATEGORIES)),
  q: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
});
