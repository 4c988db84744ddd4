// Account administration answers: account, locations, keys, items, declarations.
import * as v from 'valibot';
import { SCOPE_GRANTS } from '../../core/access/scopes';
import { Category, Environment, Instant, pageOf } from './common';

export const Account = v.strictObject({
  object: v.literal('account'),
  id: v.string(),
  avatax_account_id: v.pipe(
    v.number(),
    v.description(
      'The account’s numeric id for AvaTax-compatible clients (`/api/v2`): the user of their HTTP Basic credentials, with an API key as the licence key.',
    ),
  ),
  name: v.string(),
  environment: Environment,
  modules: v.pipe(v.array(v.string()), v.description('Enabled modules; api_access is needed for every call (otherwise 403 module_not_enabled).')),
  nexus: v.pipe(
    v.union([v.literal('all'), v.literal('registrations'), v.array(v.string())]),
    v.description('Where the seller collects, in the key’s environment: all, these states, or each state from its registration date.'),
  ),
  nexus_registrations: v.pipe(
    v.array(v.strictObject({ state: v.string(), registered_from: v.string() })),
    v.description('The states where the seller registered to collect and from when (PUT /nexus/registrations/{state}); what `nexus: registrations` taxes by.'),
  ),
  illinois: v.strictObject({ derive_seller_posture: v.boolean(), in_state_selling_enabled: v.boolean() }),
  rate_limits: v.pipe(
    v.strictObject({ general: v.number(), batch_submissions: v.number(), estimates: v.number() }),
    v.description('Requests per UTC minute per key, by bucket.'),
  ),
});

export const Location = v.strictObject({
  object: v.literal('location'),
  code: v.string(),
  name: v.string(),
  state: v.string(),
  zip: v.string(),
  illinois_verified: v.boolean(),
  created_at: Instant,
});
export const LocationList = pageOf(Location);

const keyEntries = {
  object: v.literal('api_key'),
  id: v.string(),
  name: v.nullable(v.string()),
  prefix: v.pipe(v.string(), v.description('The start of the secret, to recognize it by.')),
  environment: Environment,
  scopes: v.array(v.pipe(v.string(), v.description(`A scope: ${SCOPE_GRANTS.join(', ')}.`))),
  location_code: v.nullable(v.string()),
  status: v.picklist(['active', 'revoked']),
  expires_at: v.pipe(v.nullable(Instant), v.description('When the key stops working; null: never.')),
  created_at: Instant,
};
export const ApiKey = v.strictObject(keyEntries);
export const ApiKeyList = pageOf(ApiKey);
/** The secret is in the first answer only; an idempotent replay carries `key: null`. */
export const IssuedKey = v.strictObject({ ...keyEntries, key: v.nullable(v.pipe(v.string(), v.description('The secret, shown once.'))) });

const itemEntries = { object: v.literal('item'), sku: v.string(), tax_code: v.string(), description: v.nullable(v.string()), created_at: Instant };
export const CreatedItem = v.strictObject({ ...itemEntries, category: Category });
export const ItemList = pageOf(v.strictObject(itemEntries));

export const SellerDeclaration = v.strictObject({
  object: v.literal('il_seller_declaration'),
  seller_class: v.picklist(['remote', 'marketplace', 'in_state']),
  expires_at: Instant,
  token: v.pipe(
    v.string(),
    v.description('Send it with the seller_class as a document’s `seller_declaration`; it verifies for this account and environment only.'),
  ),
});
