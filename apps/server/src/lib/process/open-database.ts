import { createServer } from 'node:net';
import type { Config } from '../../config.ts';
import { createDatabase, pingDatabase } from '../../db/database.ts';
import { databaseError, listenError, within } from './startup-error.ts';

/** How long start-up waits for the database before naming DATABASE_URL as the problem. */
const DATABASE_WAIT_MS = 4000;

/** Opens the configured database and checks that it answers; a failure is one line naming DATABASE_URL. */
export async function openDatabase(config: Config, warn: (message: string) => void = (m) => console.warn(m)) {
  try {
    const opened = createDatabase(
      config.databaseUrl,
      (err) => warn(`database: idle connection closed by the server (${err.code}): ${err.message}`),
      config.databasePoolMax,
    );
    await within(DATABASE_WAIT_MS, pingDatabase(opened.db), () => Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' }));
    return opened;
  } catch (err) {
    throw databaseError(err, config.databaseUrl);
  }
}

/** Whether HOST:PORT can be listened on now (`npm start` asks before building); a failure names the setting. */
export async function checkListen(config: Config): Promise<void> {
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ port: config.port, host: config.host }, resolve);
    });
  } catch (err) {
    throw listenError(err, config.host, config.port);
  } finally {
    await new Promise((resolve) => probe.close(resolve));
  }
}
