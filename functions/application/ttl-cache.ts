// A small in-process cache with a time-to-live and a size bound. Records read through it may be
// up to `ttlMs` stale; writers in the same process call `delete` so their own changes show at once.
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value;
    const value = await load();
    if (this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    }
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
