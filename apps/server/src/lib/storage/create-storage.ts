import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { LocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

/** Where the local driver keeps stored files and photos, under DATA_DIR (what a backup archives). */
export const LOCAL_STORAGE_FOLDER = 'storage';

/** The configured driver: local disk under DATA_DIR/storage, or S3 when STORAGE_DRIVER=s3. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.storage.driver === 's3') {
    const { S3Storage } = await import('./s3-storage.ts');
    return new S3Storage(config.storage.s3);
  }
  return new LocalStorage(join(config.dataDir, LOCAL_STORAGE_FOLDER));
}
