import type { Config } from '../../config.ts';
import { DatabaseEditLeaseStore } from './edit-lease-database-store.ts';
import type { EditLeaseStore } from './edit-lease-store.ts';

/** Redis when REDIS_URL is set (shared by every instance, no write per heartbeat), the database otherwise. */
export async function createEditLeaseStore(config: Config): Promise<EditLeaseStore> {
  if (!config.redisUrl) return new DatabaseEditLeaseStore();
  const { RedisEditLeaseStore } = await import('./edit-lease-redis-store.ts');
  return RedisEditLeaseStore.open(config.redisUrl);
}
