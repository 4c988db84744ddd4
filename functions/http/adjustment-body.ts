// The adjustment body in its order (docs/transactions-and-certificates.md, "Correct a sale:
// adjustments"): its codes must be distinct before anything else is judged, so the replacement
// document is validated only after that (targets `replacement.<field>`).
import type * as v from 'valibot';
import { assertDistinctCodes } from '../core/transactions/lifecycle';
import { CalculationRequestSchema } from '../schemas/document';
import { AdjustmentEnvelopeSchema, AdjustmentRequestSchema } from '../schemas/transactions';
import type { StagedBody } from './steps/parse';
import { validate, validateAt } from './validation';

export const AdjustmentBody: StagedBody<v.InferOutput<typeof AdjustmentRequestSchema>> = {
  schema: AdjustmentRequestSchema,
  parse: (raw) => {
    const envelope = validate(AdjustmentEnvelopeSchema, raw, 'body');
    assertDistinctCodes(envelope);
    return { ...envelope, replacement: validateAt(CalculationRequestSchema, envelope.replacement, 'body', 'replacement') };
  },
};
