// What an AvaTax operation was doing when it failed: AvaTax names some refusals by the operation
// and the document it found (a void of a cancelled document is TransactionAlreadyCancelled, a
// refund of a return InvalidDocumentTypeForRefund). A handler runs its step inside the context;
// the one error mapping (error-response.ts) reads it back from the error.
import type { AvataxErrorContext } from '../core/avatax/errors';
import { DomainError } from '../core/errors';

const CONTEXTS = new WeakMap<DomainError, AvataxErrorContext>();

const noted = (error: unknown, context: AvataxErrorContext): unknown => {
  if (error instanceof DomainError) CONTEXTS.set(error, { ...context, ...CONTEXTS.get(error) });
  return error;
};

/** Runs `step`; a domain error it throws (or rejects with) carries `context` to the error mapping. */
export function inAvataxContext<T>(context: AvataxErrorContext, step: () => T): T {
  try {
    const result = step();
    return result instanceof Promise ? (result.catch((error: unknown) => Promise.reject(noted(error, context))) as T) : result;
  } catch (error) {
    throw noted(error, context);
  }
}

/** The context an error was raised in, if an AvaTax step noted one. */
export const avataxContextOf = (error: DomainError): AvataxErrorContext => CONTEXTS.get(error) ?? {};
