// The one error envelope (contract §1, §1.2): every 4xx and 5xx, built by functions/http/error-response.ts.
import * as v from 'valibot';

export const ErrorDetail = v.strictObject({
  code: v.string(),
  message: v.string(),
  target: v.pipe(v.string(), v.description('Dotted path from the body root (`lines.0.amount`), `query.<name>` or `header.<Name>`.')),
  severity: v.literal('error'),
});

export const ErrorEnvelope = v.strictObject({
  error: v.strictObject({
    code: v.pipe(v.string(), v.regex(/^[a-z0-9_]+$/)),
    message: v.string(),
    request_id: v.pipe(v.string(), v.minLength(1), v.description('Equals the X-Request-Id header.')),
    severity: v.literal('error'),
    details: v.optional(v.array(ErrorDetail)),
  }),
});
