import * as v from 'valibot';
import { SELLER_CLASSES } from '../core/illinois/declaration';
import { ExpirySchema, opt } from '../schemas/common';

export const DeclarationCreateSchema = v.strictObject({
  seller_class: v.picklist(SELLER_CLASSES),
  expires_at: opt(ExpirySchema),
});
