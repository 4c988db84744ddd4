// What a refresh reports, for a person (the log lines) and for a scheduled job (this shape, written
// with --report): each problem's kind can become a metric and an alarm of its own.
import type { SourceId } from '../sources';

export type ProblemKind = 'late' | 'unreadable' | 'implausible';

export interface Problem {
  /** The publisher's file (scripts/content/sources.ts), or 'unknown' for a file of no known publisher. */
  readonly source: SourceId | 'unknown';
  readonly state?: string;
  readonly kind: ProblemKind;
  readonly detail: string;
}

export interface RefreshReport {
  readonly outcome: 'published' | 'refused' | 'unchanged';
  /** The version added (published only). */
  readonly version?: string;
  /** The newest version before the refresh (the one kept when nothing is published). */
  readonly previous: string;
  readonly problems: readonly Problem[];
  /** ZIPs whose combined rate the new version changes (published), or would have changed (refused as implausible). */
  readonly changed_zips?: number;
}

/**
 * The command's exit code: 0 when published or unchanged (late sources are in the report), 1 for a
 * file that cannot be read, 2 for an implausible change, 3 when no source is current.
 */
export function exitCode(report: RefreshReport): number {
  if (report.outcome !== 'refused') return 0;
  const kinds = new Set(report.problems.map((p) => p.kind));
  if (kinds.has('unreadable')) return 1;
  if (kinds.has('implausible')) return 2;
  return 3;
}
