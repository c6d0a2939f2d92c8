import { ConfigError, loadConfig } from '../../config.ts';
import { lockDataFolder } from './data-folder-lock.ts';
import { readEnvFile } from './env-file.ts';
import { checkListen, openDatabase } from './open-database.ts';
import { StartupError } from './startup-error.ts';

/**
 * What `npm start` checks before it builds anything (scripts/start.mjs), as the server will find it:
 * the settings (`.env` and the environment), that no other server holds the data folder, that the
 * database answers and that the port is free.
 * Answers the one line the server would print, or null when all is well.
 */
export async function checkSettings(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  readEnvFile(env);
  try {
    const config = loadConfig(env);
    lockDataFolder(config.dataDir, 'server').release();
    const { db } = await openDatabase(config, () => undefined);
    await db.destroy();
    await checkListen(config);
    return null;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof StartupError) return err.message;
    throw err;
  }
}
