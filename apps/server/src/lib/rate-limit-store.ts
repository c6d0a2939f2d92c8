import type { Config } from '../config.ts';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limiter.ts';

/** Redis when REDIS_URL is set (shared by every instance), in-process otherwise. */
export async function createRateLimitStore(config: Config, warn?: (message: string) => void): Promise<RateLimitStore> {
  if (!config.redisUrl) return new MemoryRateLimitStore();
  const { RedisRateLimitStore } = await import('./redis-rate-limit-store.ts');
  return RedisRateLimitStore.open(config.redisUrl, warn);
}
