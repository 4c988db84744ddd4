// Request bodies of account administration: settings, locations, keys, the item catalog and
// Illinois seller declarations.
import * as v from 'valibot';
import { SCOPE_GRANTS } from '../core/access/scopes';
import { SELLER_CLASSES } from '../core/tax/input';
import { ZipSchema } from './address';
import { CodeSchema, ExpirySchema, NameSchema, opt, UsStateSchema } from './common';

export const AccountUpdateSchema = v.strictObject({
  name: v.optional(NameSchema),
  nexus: v.optional(v.union([v.literal('all'), v.pipe(v.array(UsStateSchema), v.maxLength(60), v.description('States where the seller has nexus.'))])),
  illinois: v.optional(
    v.strictObject({
      derive_seller_posture: v.optional(v.boolean()),
      in_state_selling_enabled: v.optional(v.boolean()),
    }),
  ),
});

export const LocationCreateSchema = v.strictObject({
  code: CodeSchema,
  name: NameSchema,
  state: UsStateSchema,
  zip: ZipSchema,
  illinois_verified: v.optional(v.boolean(), false),
});

export const KeyCreateSchema = v.strictObject({
  name: NameSchema,
  environment: v.picklist(['sandbox', 'production']),
  scopes: v.pipe(v.array(v.picklist(SCOPE_GRANTS)), v.minLength(1), v.maxLength(SCOPE_GRANTS.length)),
  location_code: opt(CodeSchema),
  expires_at: opt(ExpirySchema),
});

export const ItemCreateSchema = v.strictObject({
  sku: CodeSchema,
  tax_code: v.pipe(v.string(), v.minLength(1), v.maxLength(50)),
  description: opt(v.pipe(v.string(), v.maxLength(500))),
});

export const DeclarationCreateSchema = v.strictObject({
  seller_class: v.picklist(SELLER_CLASSES),
  expires_at: opt(ExpirySchema),
});
