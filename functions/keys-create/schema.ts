import * as v from 'valibot';
import { SCOPE_GRANTS } from '../core/access/scopes';
import { CodeSchema, ExpirySchema, NameSchema, opt } from '../schemas/common';

export const KeyCreateSchema = v.strictObject({
  name: NameSchema,
  environment: v.picklist(['sandbox', 'production']),
  scopes: v.pipe(v.array(v.picklist(SCOPE_GRANTS)), v.minLength(1), v.maxLength(SCOPE_GRANTS.length)),
  location_code: opt(CodeSchema),
  expires_at: opt(ExpirySchema),
});
