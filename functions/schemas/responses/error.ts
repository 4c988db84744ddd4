// The one error envelope (docs/getting-started.md, "Errors"): every 4xx and 5xx, built by
// functions/http/error-response.ts.
import * as v from 'valibot';

export const ErrorDetail = v.strictObject({
  code: v.pipe(v.string(), v.description('What is wrong with this field (missing, string_too_long, enum, duplicate_value, …).')),
  message: v.string(),
  target: v.pipe(v.string(), v.description('Dotted path from the body root (`lines.0.amount`), `query.<name>` or `header.<Name>`.')),
  severity: v.literal('error'),
  existing_code: v.optional(v.pipe(v.string(), v.description('409 `duplicate_transaction` only: the code of the document that already exists (unchanged).'))),
  same_payload: v.optional(
    v.pipe(
      v.nullable(v.boolean()),
      v.description(
        '409 `duplicate_transaction` only: whether the existing document was made from a request with this same payload (SHA-256 of its canonical JSON). `true`: most likely an earlier attempt of this very request that was applied (e.g. after a timeout); `false`: another document uses the code; `null`: not known (stored before payload hashes were kept). The detail `code` says the same: `same_payload`, `different_payload`, `payload_unknown`.',
      ),
    ),
  ),
});

export const ErrorEnvelope = v.strictObject({
  error: v.strictObject({
    code: v.pipe(v.string(), v.regex(/^[a-z0-9_]+$/), v.description('Stable and snake_case: program against it.')),
    message: v.pipe(v.string(), v.description('For people; submitted values are never echoed.')),
    request_id: v.pipe(v.string(), v.minLength(1), v.description('Equals the X-Request-Id header.')),
    severity: v.literal('error'),
    details: v.pipe(v.optional(v.array(ErrorDetail)), v.description('One entry per failing field (validation and some business rules).')),
  }),
});
