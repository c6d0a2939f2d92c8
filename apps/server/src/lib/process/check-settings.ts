import { ConfigError, loadConfig } from '../../config.ts';
import { readEnvFile } from './env-file.ts';

/**
 * The settings check `npm start` runs before it builds anything (scripts/start.mjs): `.env` and the
 * environment, as the server will read them. Answers the one-line message, or null when they are valid.
 */
export function checkSettings(env: NodeJS.ProcessEnv = process.env): string | null {
  readEnvFile(env);
  try {
    loadConfig(env);
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
}
