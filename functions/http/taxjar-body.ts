// Bodies of the TaxJar-compatible order routes, parsed in two steps: the TaxJar request against its
// own schema (targets are TaxJar's field names), then its translation against the API's own
// document schema, so a translated document obeys every rule a /api/v1 document does.
import type * as v from 'valibot';
import type { DocumentInput } from '../core/tax/input';
import { declaredNexus, inTaxjarTerms, type TaxjarOrderFields, taxjarDocument } from '../core/taxjar/document';
import { CalculationRequestSchema } from '../schemas/document';
import type { Headers } from './request';
import type { StagedBody } from './steps/parse';
import { singleHeader, validate } from './validation';

/**
 * The TaxJar API version a request asks for with `x-api-version`; TaxJar ignores a value that is
 * not one of its versions, and so does this (null: the behaviour without the header).
 */
export function taxjarApiVersion(request: { readonly headers: Headers; readonly repeatedHeaders: ReadonlySet<string> }): '2012-01-01' | '2020-08-07' | null {
  const value = singleHeader(request, 'x-api-version')?.trim();
  return value === '2012-01-01' || value === '2020-08-07' ? value : null;
}

export interface TaxjarOrderBody<T> {
  /** The request as TaxJar's schema output it. */
  readonly input: T;
  /** The API's document for it. */
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
      const document = inTaxjarDetails(input, () => validate(CalculationRequestSchema, taxjarDocument(input, { nexusMode: nexusMode ?? undefined }), 'body'));
      return { input, document };
    },
  };
}

/**
 * Runs a step on a TaxJar order's translated document (its validation, its taxing) so that what it
 * refuses names the request's fields (`line_items.0.discount`, `to_zip`), not the document's.
 */
export function inTaxjarDetails<T>(order: TaxjarOrderFields, step: () => T): T {
  const itemCount = order.line_items?.length ?? 0;
  try {
    const result = step();
    return result instanceof Promise ? (result.catch((error: unknown) => Promise.reject(inTaxjarTerms(error, itemCount))) as T) : result;
  } catch (error) {
    throw inTaxjarTerms(error, itemCount);
  }
}
