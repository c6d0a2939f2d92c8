import { Redis } from 'ioredis';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limiter.ts';

/**
 * Counters shared by every instance through Redis. While Redis cannot be reached, each instance counts
 * on its own (in memory) instead of refusing sign-ins or answering 500: the limits stay, per instance.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly fallback = new MemoryRateLimitStore();
  private reachable = true;

  /** Connects first (start-up waits for Redis up to its connect timeout), then counts. */
  static async open(url: string, warn: (message: string) => void = (m) => console.warn(m)): Promise<RedisRateLimitStore> {
    const store = new RedisRateLimitStore(url, warn);
    await store.redis.connect().catch((err: Error) => store.unreachable(err));
    return store;
  }

  private constructor(
    url: string,
    private readonly warn: (message: string) => void,
  ) {
    // No offline queue: a command while disconnected fails at once, so a sign-in never waits on Redis.
    this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
    this.redis.on('error', (err: Error) => this.unreachable(err));
    this.redis.on('ready', () => {
      if (!this.reachable) this.warn('rate limits: Redis is reachable again; counters are shared again');
      this.reachable = true;
    });
  }

  async hit(key: string, windowSeconds: number) {
    const k = `rl:${key}`;
    try {
      const [[, count], [, ttl]] = (await this.redis.multi().incr(k).ttl(k).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await this.redis.expire(k, windowSeconds);
      return { count, ttl: ttl < 0 ? windowSeconds : ttl };
    } catch (err) {
      this.unreachable(err as Error);
      return this.fallback.hit(key, windowSeconds);
    }
  }

  async reset(key: string) {
    await this.fallback.reset(key);
    try {
      await this.redis.del(`rl:${key}`);
    } catch (err) {
      this.unreachable(err as Error);
    }
  }

  async close() {
    this.redis.disconnect();
  }

  private unreachable(err: Error) {
    if (!this.reachable) return;
    this.reachable = false;
    // The message only: the error may carry the connection options (REDIS_URL can hold a password).
    this.warn(`rate limits: Redis unreachable (${err.message}); counting in this instance until it is back`);
  }
}
