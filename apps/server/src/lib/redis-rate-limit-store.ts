import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limiter.ts';

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }
  async hit(key: string, windowSeconds: number) {
    const k = `rl:${key}`;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(k).ttl(k).exec()) as [[null, number], [null, number]];
    if (ttl < 0) await this.redis.expire(k, windowSeconds);
    return { count, ttl: ttl < 0 ? windowSeconds : ttl };
  }
  async reset(key: string) {
    await this.redis.del(`rl:${key}`);
  }
  async close() {
    this.redis.disconnect();
  }
}
