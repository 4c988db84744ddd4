// Port of the per-key request counters.
import type { Bucket, RateWindow } from './rate-limits';

export interface RateCounter {
  /**
   * Takes `tokens` from the key's current window if that many remain, else a single one, else
   * none; never lets the window's count pass `limit`, however many processes ask at once.
   */
  take(keyId: string, bucket: Bucket, limit: number, tokens: number, nowMs: number): Promise<{ granted: number; used: number; window: RateWindow }>;
}
