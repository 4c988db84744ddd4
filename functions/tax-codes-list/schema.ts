import * as v from 'valibot';
import { CATEGORIES } from '../core/content/artifact';
import { PageQueryEntries } from '../schemas/common';

export const TaxCodeQuerySchema = v.strictObject({
  ...PageQueryEntries,
  category: v.optional(v.picklist(CATEGORIES)),
  q: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
});
