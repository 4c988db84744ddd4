// How the engine refuses a document: each check names every failing line or address before the
// next check runs, and a single failure is reported with its own message.
import type { ErrorCode, ErrorDetail } from '../errors';
import { DomainError } from '../errors';

export const detail = (code: ErrorCode, target: string, message: string): ErrorDetail => ({ code, target, message });

/** The refusal of `details` (at least one); `summary` is the message when there are several. */
export function refusal(code: ErrorCode, details: readonly ErrorDetail[], summary: string): DomainError {
  const [only, ...others] = details;
  return new DomainError(code, only && others.length === 0 ? only.message : summary, details);
}

/** Throws the refusal of `details` when there are any. */
export function refuseAny(code: ErrorCode, details: readonly ErrorDetail[], summary: string): void {
  if (details.length > 0) throw refusal(code, details, summary);
}
