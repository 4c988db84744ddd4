import * as v from 'valibot';
import { CodeSchema, opt } from '../schemas/common';

export const ItemCreateSchema = v.strictObject({
  sku: CodeSchema,
  tax_code: v.pipe(v.string(), v.minLength(1), v.maxLength(50)),
  description: opt(v.pipe(v.string(), v.maxLength(500))),
});
