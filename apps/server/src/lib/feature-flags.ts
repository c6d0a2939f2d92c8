import { isFeatureOn, type FeatureFlag } from '@bo/shared/app-config';
import type { ReadDb } from '../db/database.ts';
import { loadAppConfig } from './app-config.ts';
import { notFound } from './errors.ts';

export type { FeatureFlag };

/**
 * Whether a feature is switched on. A module's own flag is declared in its descriptor and enforced by
 * the kit (server-module.ts); call this only where a handler branches on another module's flag.
 */
export async function isFlagOn(db: ReadDb, flag: FeatureFlag): Promise<boolean> {
  return isFeatureOn(await loadAppConfig(db), flag);
}

/** A switched-off feature does not exist: its calls answer 404 (not 403, nothing to reveal). */
export async function requireFlag(db: ReadDb, flag: FeatureFlag): Promise<void> {
  if (!(await isFlagOn(db, flag))) throw notFound();
}
