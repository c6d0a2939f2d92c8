/**
 * Rendered pages (and the few API reads every page needs) kept in memory, keyed by what makes a page
 * differ (host mode, locale, path, page number).
 *
 * - `bump()` drops everything at once: after any successful change through the back office API on this
 *   instance (site.plugin.ts) and after every minute's tasks (a scheduled page just went out, a banner's
 *   Taipei day turned).
 * - Other instances' changes are seen through the age limit: an entry is fresh for `freshMs`; up to
 *   `staleMs` old it is still answered while one render replaces it in the background; older, the
 *   request waits for a new render. So a change made elsewhere shows within `staleMs` (5 s).
 * - One render per key at a time: concurrent misses wait for the same one.
 * - A render started before a bump is answered to its waiters but never kept.
 */
export interface SiteCacheOptions {
  freshMs?: number;
  staleMs?: number;
  /** Entries kept at most; the oldest inserted goes first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  version: number;
  at: number;
}

export class SiteCache {
  private version = 0;
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  readonly freshMs: number;
  readonly staleMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(opts: SiteCacheOptions = {}) {
    this.freshMs = opts.freshMs ?? 3_000;
    this.staleMs = opts.staleMs ?? 5_000;
    this.maxEntries = opts.maxEntries ?? 2_000;
    this.now = opts.now ?? Date.now;
  }

  /** The content changed: every entry is dropped. */
  bump(): void {
    this.version++;
    this.entries.clear();
  }

  /** The value kept under `key` while it is fresh, without rendering anything. */
  fresh<T>(key: string): T | undefined {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    return entry && entry.version === this.version && this.now() - entry.at < this.freshMs ? entry.value : undefined;
  }

  /** The value kept under `key` for the current content, however old, without rendering anything. */
  peek<T>(key: string): T | undefined {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    return entry && entry.version === this.version ? entry.value : undefined;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The value under `key`, rendered by `produce` when missing or too old. `keep(value)` false answers
   * the value without keeping it (a 404, an error page).
   */
  async get<T>(key: string, produce: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    if (entry && entry.version === this.version) {
      const age = this.now() - entry.at;
      if (age < this.freshMs) return entry.value;
      if (age < this.staleMs) {
        void this.render(key, produce, keep).catch(() => {});
        return entry.value;
      }
    }
    return this.render(key, produce, keep);
  }

  private render<T>(key: string, produce: () => Promise<T>, keep: (value: T) => boolean): Promise<T> {
    const version = this.version;
    const flight = `${version}\u0000${key}`;
    const running = this.inFlight.get(flight) as Promise<T> | undefined;
    if (running) return running;
    const started = this.now();
    const p = produce()
      .then((value) => {
        if (version === this.version && keep(value)) {
          this.entries.delete(key);
          this.entries.set(key, { value, version, at: started });
          if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        }
        return value;
      })
      .finally(() => this.inFlight.delete(flight));
    this.inFlight.set(flight, p);
    return p;
  }
}
