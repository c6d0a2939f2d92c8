/** Fixed-window counters. In-process by default; the Redis store shares them across instances. */
export interface RateLimitStore {
  /** Adds one hit to `key` and returns the hits in the current window and its seconds left. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; ttl: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  async hit(key: string, windowSeconds: number) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    w.count += 1;
    return { count: w.count, ttl: Math.ceil((w.resetAt - now) / 1000) };
  }
  async reset(key: string) {
    this.windows.delete(key);
  }
  async close() {}
  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
