import * as v from 'valibot';
import { ZipSchema } from '../schemas/address';
import { CodeSchema, NameSchema, UsStateSchema } from '../schemas/common';

export const LocationCreateSchema = v.strictObject({
  code: CodeSchema,
  name: NameSchema,
  state: UsStateSchema,
  zip: ZipSchema,
  illinois_verified: v.optional(v.boolean(), false),
});
