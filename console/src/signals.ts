// The overview's reading of queue signals (GET /operations/status): an oldest-pending age that is
// larger than at the previous refresh means the oldest piece of work is still waiting — the queue
// is not draining it — which is what an operator must notice. A smaller age means it was finished
// and a younger item is now the oldest; no age means nothing is pending.

export type AgeTrend = 'idle' | 'steady' | 'growing';

export interface AgeReading {
  readonly age: number | null;
  readonly trend: AgeTrend;
  /** When the age was first seen growing in the current run of growing readings (ms since epoch). */
  readonly growingSince: number | null;
}

export const NO_READING: AgeReading = { age: null, trend: 'idle', growingSince: null };

/** The next reading of an oldest-pending age, given the previous one and the time of this sample. */
export function readAge(previous: AgeReading, age: number | null, at: number): AgeReading {
  if (age === null) return NO_READING;
  if (previous.age !== null && age > previous.age) return { age, trend: 'growing', growingSince: previous.growingSince ?? at };
  return { age, trend: 'steady', growingSince: null };
}
