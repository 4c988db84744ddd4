// The seed file of the local runner: accounts, practices and plaintext keys. Its format is
// described in docs/running-locally.md, "The seed file"; keep the two together.
import * as v from 'valibot';
import { SCOPE_GRANTS } from '../../core/access/scopes';
import { ZipSchema } from '../../schemas/address';
import { CodeSchema, InstantSchema, NameSchema, opt, StateCodeSchema } from '../../schemas/common';

const RateLimitsSchema = v.strictObject({
  general: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  batch_submissions: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  estimates: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

const KeyFields = {
  key: v.pipe(v.string(), v.regex(/^stx_(test|live)_[A-Za-z0-9]{8,}$/)),
  environment: v.picklist(['sandbox', 'production']),
  scopes: v.array(v.picklist(SCOPE_GRANTS)),
  status: v.optional(v.picklist(['active', 'revoked']), 'active'),
  expires_at: opt(InstantSchema),
  name: v.optional(NameSchema),
};

export const SeedSchema = v.strictObject({
  accounts: v.optional(
    v.array(
      v.strictObject({
        id: CodeSchema,
        name: NameSchema,
        modules: v.array(v.string()),
        nexus: v.optional(v.union([v.literal('all'), v.array(StateCodeSchema)]), 'all'),
        illinois: v.optional(v.strictObject({ derive_seller_posture: v.boolean(), in_state_selling_enabled: v.boolean() })),
        rate_limits: v.optional(RateLimitsSchema),
        locations: v.optional(
          v.array(
            v.strictObject({ code: CodeSchema, name: NameSchema, state: StateCodeSchema, zip: ZipSchema, illinois_verified: v.optional(v.boolean(), false) }),
          ),
          [],
        ),
        customers: v.optional(v.array(v.strictObject({ customer_code: CodeSchema, name: opt(NameSchema), location_code: opt(CodeSchema) })), []),
        items: v.optional(v.array(v.strictObject({ sku: CodeSchema, tax_code: v.string(), description: opt(v.string()) })), []),
        keys: v.optional(v.array(v.strictObject({ ...KeyFields, location_code: opt(CodeSchema) })), []),
      }),
    ),
    [],
  ),
  practices: v.optional(
    v.array(
      v.strictObject({
        id: CodeSchema,
        name: NameSchema,
        status: v.picklist(['active', 'inactive']),
        rate_limits: v.optional(RateLimitsSchema),
        engagements: v.array(
          v.strictObject({
            id: v.pipe(v.number(), v.integer(), v.minValue(1)),
            ref: CodeSchema,
            client_account_id: CodeSchema,
            status: v.picklist(['usable', 'paused', 'offboarded', 'unavailable']),
          }),
        ),
        keys: v.optional(v.array(v.strictObject({ ...KeyFields, engagement_ids: opt(v.array(v.pipe(v.number(), v.integer()))) })), []),
      }),
    ),
    [],
  ),
});

export type Seed = v.InferOutput<typeof SeedSchema>;
