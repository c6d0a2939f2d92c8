import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { StorageUnavailableError } from './storage/storage-unavailable.ts';

export type Dependency = 'database' | 'storage';

/**
 * Which dependency an error says cannot be reached right now, if any: the one place the error
 * handler asks before answering 503 with Retry-After (nothing was acknowledged, try again).
 */
export function unavailableDependency(err: unknown): Dependency | null {
  if (err instanceof StorageUnavailableError) return 'storage';
  if (isDatabaseUnavailable(err)) return 'database';
  return null;
}
