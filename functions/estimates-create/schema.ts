import * as v from 'valibot';
import { AddressSchema } from '../schemas/address';
import { DateSchema, opt } from '../schemas/common';
import { MAX_LINE_AMOUNT } from '../schemas/document';

export const EstimateRequestSchema = v.strictObject({
  ship_to: AddressSchema,
  amount: v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_LINE_AMOUNT)),
  tax_code: opt(v.pipe(v.string(), v.minLength(1), v.maxLength(50))),
  date: opt(DateSchema),
});
