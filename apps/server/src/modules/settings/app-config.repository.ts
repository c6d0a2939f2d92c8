import type { AppConfig } from '@bo/shared/app-config';
import type { DbOrTrx } from '../../db/database.ts';
import { effectiveConfig, readStoredConfig } from '../app-config/app-config.repository.ts';

/** The stored application config (row 'app') over the defaults of spec section 3. */
export async function loadAppConfig(db: DbOrTrx): Promise<AppConfig> {
  return effectiveConfig((await readStoredConfig(db, 'app')).stored);
}
