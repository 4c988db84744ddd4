// Bodies of the TaxJar-compatible order routes, parsed in two steps: the TaxJar request against its
// own schema (targets are TaxJar's field names), then its translation against the contract's
// document schema, so a translated document obeys every rule a /api/v1 document does.
import type * as v from 'valibot';
import { declaredNexus, taxjarDocument, type TaxjarOrderFields } from '../core/taxjar/document';
import type { DocumentInput } from '../core/tax/input';
import { CalculationRequestSchema } from '../schemas/document';
import type { StagedBody } from './steps/parse';
import { validate } from './validation';

export interface TaxjarOrderBody<T> {
  /** The request as TaxJar's schema output it. */
  readonly input: T;
  /** The contract's document for it. */
  readonly document: DocumentInput;
}

/** Orders and tax requests: `nexus_addresses`, when a request has them, decide nexus (reference mode). */
export function taxjarOrderBody<S extends v.GenericSchema<unknown, TaxjarOrderFields & { nexus_addresses?: { state: string }[] | null | undefined }>>(
  schema: S,
): StagedBody<TaxjarOrderBody<v.InferOutput<S>>> {
  return {
    schema,
    parse: (raw) => {
      const input = validate(schema, raw, 'body');
      const nexusMode = declaredNexus(input.nexus_addresses) ? 'reference' : null;
      const document = validate(CalculationRequestSchema, taxjarDocument(input, { nexusMode: nexusMode ?? undefined }), 'body');
      return { input, document };
    },
  };
}
