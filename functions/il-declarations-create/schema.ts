import * as v from 'valibot';
import { SELLER_CLASSES } from '../core/illinois/declaration';
import { InstantSchema, opt } from '../schemas/common';

export const DeclarationCreateSchema = v.strictObject({
  seller_class: v.picklist(SELLER_CLASSES),
  expires_at: opt(InstantSchema),
});
