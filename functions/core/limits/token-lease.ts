// Token leases for high per-key limits. A process that sees a key at a high limit takes several
// tokens of the key's window with one conditional write and spends them locally, so a busy key
// costs one DynamoDB write per lease instead of one per request. The conditional write checks the
// lease against the limit, so the processes together can never admit more than the limit; tokens a
// process leased but did not spend before the window ends are lost (under-admission of at most
// lease − 1 per process and window). Below 1,000 requests per minute leases are single tokens, so
// those limits, the default limits among them, are exact.

export const leaseSize = (limit: number): number => (limit >= 1000 ? Math.min(50, Math.floor(limit / 1000)) : 1);

interface Lease {
  readonly windowStartMs: number;
  left: number;
  /** The shared counter after this process's last grant (what status reports as used). */
  counted: number;
}

export class LeaseBook {
  private readonly leases = new Map<string, Lease>();

  /** Spends one leased token of this window, if the process holds one. */
  take(key: string, windowStartMs: number): Lease | null {
    const lease = this.leases.get(key);
    if (!lease || lease.windowStartMs !== windowStartMs || lease.left === 0) return null;
    lease.left--;
    return lease;
  }

  /** Records a grant of `tokens` (one of which the current request spends). */
  grant(key: string, windowStartMs: number, tokens: number, counted: number): void {
    if (this.leases.size > 10_000) this.leases.clear();
    this.leases.set(key, { windowStartMs, left: tokens - 1, counted });
  }
}
