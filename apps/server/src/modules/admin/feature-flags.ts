import { isFeatureOn, type FeatureFlag } from '@bo/shared/app-config';
import type { DbOrTrx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { loadAppConfig } from '../settings/app-config.repository.ts';

export type { FeatureFlag };

export async function isFlagOn(db: DbOrTrx, flag: FeatureFlag): Promise<boolean> {
  return isFeatureOn(await loadAppConfig(db), flag);
}

/** A switched-off feature does not exist: its calls answer 404 (not 403, nothing to reveal). */
export async function requireFlag(db: DbOrTrx, flag: FeatureFlag): Promise<void> {
  if (!(await isFlagOn(db, flag))) throw notFound();
}
