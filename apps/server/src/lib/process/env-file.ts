import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseEnv } from 'node:util';

/** The repository root (or the image's /app): the folder holding apps/server, from the sources or the bundle. */
export function repositoryRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(join(dir, 'apps', 'server')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** Where `.env` is read from: ENV_FILE, else `.env` at the repository root; "off" reads none. */
export function envFilePath(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.ENV_FILE === 'off') return null;
  return env.ENV_FILE ? resolve(env.ENV_FILE) : join(repositoryRoot(), '.env');
}

/** Settings naming a folder: a relative one in `.env` is read from the `.env`'s folder, never from the current one. */
const FOLDER_SETTINGS = new Set(['DATA_DIR', 'LOG_DIR']);

/**
 * Reads `.env` into `env` (the server's, the CLI's and `npm start`'s first step), with the same
 * syntax as `.env.example` and Node's `--env-file`. The environment wins: a variable already set,
 * even to an empty value, is kept. Answers the file read, or null when there was none.
 */
export function readEnvFile(env: NodeJS.ProcessEnv = process.env): string | null {
  const file = envFilePath(env);
  if (!file || !existsSync(file)) return null;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (env[key] !== undefined) continue;
    env[key] = value && value !== 'off' && FOLDER_SETTINGS.has(key) ? resolve(dirname(file), value) : value;
  }
  return file;
}
