// Ids of what a submission behind an Idempotency-Key creates. The idempotency record is deleted
// when an attempt fails and expires; a write that landed before the failure (a timeout after it
// was applied, a crash before the answer) would otherwise be made again by the retry under a new
// random id. Derived from the submission, the retry's id is the first attempt's: it finds what was
// made instead of making a second.
import { createHash, randomBytes } from 'node:crypto';
import { DomainError } from '../core/errors';

export interface SubmissionOptions {
  /**
   * What names the submission for its whole life (the key, tenant and Idempotency-Key it came
   * with, http/submission.ts): the id of what it creates derives from it.
   */
  readonly submission?: string | undefined;
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** `hexLength` hex digits: derived from the kind and the submission, random without one. */
export function submissionId(kind: string, options: SubmissionOptions, hexLength: number): string {
  return options.submission === undefined
    ? randomBytes(Math.ceil(hexLength / 2))
        .toString('hex')
        .slice(0, hexLength)
    : sha256(`${kind}\n${options.submission}`).slice(0, hexLength);
}

/** A repeat of a submission found what an earlier attempt made from other content. */
export const reusedKey = () => new DomainError('idempotency_conflict', 'This Idempotency-Key was already used with a different request.');
