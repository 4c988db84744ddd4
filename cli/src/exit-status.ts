// What a load's exit status tells the cron job that ran it. Every document not delivered as a
// succeeded one is a non-zero status, and a row the export itself could not use (never sent, so
// the service never saw it) has a status of its own: it is the dropped invoice nobody notices.
import type { LoadSummary } from './loader';

export const EXIT = {
  /** Every document succeeded. */
  ok: 0,
  /** Some documents failed in the API; their rows say why. */
  failed: 1,
  /** The load itself failed, or the command line was wrong. */
  unusable: 2,
  /** The export itself rejected rows (whatever became of the rest). */
  rejected: 3,
} as const;

export function exitStatus(summary: Pick<LoadSummary, 'failed' | 'rejected'>, allowRejected: boolean): number {
  if (summary.rejected > 0 && !allowRejected) return EXIT.rejected;
  return summary.failed > 0 ? EXIT.failed : EXIT.ok;
}
