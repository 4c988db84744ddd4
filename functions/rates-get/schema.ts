import * as v from 'valibot';
import { DateSchema } from '../schemas/common';

export const RateQuerySchema = v.strictObject({
  zip: v.pipe(v.string(), v.maxLength(20)),
  state: v.optional(v.pipe(v.string(), v.maxLength(20))),
  date: v.optional(DateSchema),
});
