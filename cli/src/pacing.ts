// Paces submissions to the key's published batch bucket and backs off on 429: never faster than
// one submission per window/limit, and after a 429 at least its Retry-After.

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export class Pacer {
  private next = 0;

  constructor(private readonly intervalMs: number) {}

  /** Waits until the next submission is allowed, and books it. */
  async turn(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + this.intervalMs;
    if (at > now) await sleep(at - now);
  }

  /** The API said 429: nothing before Retry-After. */
  throttled(retryAfterSeconds: number): void {
    this.next = Math.max(this.next, Date.now() + Math.max(1, retryAfterSeconds) * 1000);
  }
}

/** Polling delays: quick at first, then every few seconds. */
export function* backoff(firstMs = 250, maxMs = 5000): Generator<number> {
  let delay = firstMs;
  for (;;) {
    yield delay + Math.floor(Math.random() * delay * 0.2);
    delay = Math.min(maxMs, delay * 2);
  }
}
