// Request bodies of account administration: settings, locations, keys, the item catalog and
// Illinois seller declarations.
import * as v from 'valibot';
import { SCOPE_GRANTS } from '../core/access/scopes';
import { SELLER_CLASSES } from '../core/tax/input';
import { ZipSchema } from './address';
import { CodeSchema, described, ExpirySchema, NameSchema, opt, UsStateSchema } from './common';

export const AccountUpdateSchema = v.strictObject({
  name: described(v.optional(NameSchema), 'The account’s name (both environments).'),
  nexus: described(
    v.optional(
      v.union([
        v.literal('all'),
        v.literal('registrations'),
        v.pipe(v.array(UsStateSchema), v.maxLength(60), v.description('States where the seller has nexus.')),
      ]),
    ),
    '`all`, the states where the seller collects, or `registrations`: each state from the date registered there (PUT /nexus/registrations/{state}), so a document dated before it is not taxed (the key’s environment). Lines to other states answer tax 0 with reason no_nexus.',
  ),
  illinois: described(
    v.optional(
      v.strictObject({
        derive_seller_posture: described(
          v.optional(v.boolean()),
          'Documents to Illinois without a seller posture take `in_state` from the account’s verified Illinois locations.',
        ),
        in_state_selling_enabled: described(v.optional(v.boolean()), 'The account may sell as an Illinois in-state seller (origin sourcing).'),
      }),
    ),
    'Illinois settings of the key’s environment; what is left out is kept.',
  ),
});

export const LocationCreateSchema = v.strictObject({
  code: described(CodeSchema, 'Your code for the location, unique in the account environment; documents name it as `location_code`.'),
  name: NameSchema,
  state: UsStateSchema,
  zip: described(ZipSchema, 'Stored as its 5 digits.'),
  illinois_verified: described(v.optional(v.boolean(), false), 'An Illinois location verified as the seller’s (in-state origin sourcing needs one).'),
});

export const KeyCreateSchema = v.strictObject({
  name: described(NameSchema, 'What the key is for, to tell it apart in GET /keys.'),
  environment: described(v.picklist(['sandbox', 'production']), 'A production key can only be issued by a production key (403 insufficient_scope).'),
  scopes: described(
    v.pipe(v.array(v.picklist(SCOPE_GRANTS)), v.minLength(1), v.maxLength(SCOPE_GRANTS.length)),
    'What the key may do (`*`: everything); only scopes the calling key holds itself (403 insufficient_scope).',
  ),
  location_code: described(
    opt(CodeSchema),
    'Limits the key to one location of its environment: its documents default to it and other locations’ records are as absent (404 not_found if the location does not exist).',
  ),
  expires_at: described(opt(ExpirySchema), 'When the key stops working (default: never).'),
});

export const ItemCreateSchema = v.strictObject({
  sku: described(CodeSchema, 'Your SKU; lines name it as `item_code`. An existing SKU is replaced.'),
  tax_code: v.pipe(v.string(), v.minLength(1), v.maxLength(50), v.description('A product tax code of GET /tax-codes (otherwise 400 invalid_tax_code).')),
  description: opt(v.pipe(v.string(), v.maxLength(500))),
});

export const DeclarationCreateSchema = v.strictObject({
  seller_class: described(v.picklist(SELLER_CLASSES), 'The posture the token states.'),
  expires_at: described(opt(ExpirySchema), 'Until when the token verifies (default: one year from now).'),
});
