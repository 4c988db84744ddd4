import * as v from 'valibot';
import { NameSchema, UsStateSchema } from '../schemas/common';

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
