import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { announceFirstAdmin, ensureFirstAdmin, START_UP_JOB } from './lib/bootstrap.ts';
import { systemContextsWithoutServer } from './lib/context/request-context.ts';
import { PERSONAL_DATA_JOB, preparePersonalData } from './lib/personal-data/backfill.ts';
import { lockDataFolder } from './lib/process/data-folder-lock.ts';
import { readEnvFile } from './lib/process/env-file.ts';
import { stopWhenParentExits } from './lib/process/parent-watch.ts';
import { openDatabase } from './lib/process/open-database.ts';
import { listenError, startupFailureLine } from './lib/process/startup-error.ts';
import { createRateLimitStore } from './lib/rate-limit-store.ts';

const DEV_WEB_URL = 'http://localhost:5173';

async function main() {
  readEnvFile();
  const config = loadConfig();
  // Before anything touches the folder: a second server on it stops here, naming the first; `restore` refuses while it is held.
  const folder = lockDataFolder(config.dataDir, 'server');
  let warn = (message: string) => console.warn(message);
  const { db, dialect } = await openDatabase(config, (m) => warn(m));
  await migrateToLatest(db);
  // The key file on the first start, the keys, and rows from before migration 0100 sealed in short batches.
  const sealed = await preparePersonalData(systemContextsWithoutServer(db, config, PERSONAL_DATA_JOB));
  if (sealed) console.log(`Personal data: ${sealed} staff rows from before encryption are now sealed.`);
  const first = await ensureFirstAdmin(systemContextsWithoutServer(db, config, START_UP_JOB), config);
  if (first) {
    // At once, so a start that fails later (port taken) does not lose the only copy of a generated password.
    // Never through the logger, which is kept and shipped: see announceFirstAdmin for where the password goes.
    announceFirstAdmin(first, { dataDir: config.dataDir, interactive: process.stdout.isTTY === true, print: (text) => console.log(text) });
  }
  const app = await buildApp({ config, db, dialect, rateLimits: await createRateLimitStore(config, (m) => warn(m)) });
  warn = (message) => app.log.warn(message);
  app.addHook('onClose', async () => {
    await db.destroy();
    folder.release();
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // close() closes idle keep-alive connections once, then waits for the others; a connection whose
    // request finishes after that would stay open until its keep-alive timeout, so close those as they idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    // close() stops accepting, waits for requests in flight, then runs onClose (database).
    await app.close();
    clearInterval(closeIdle);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  stopWhenParentExits(process.env, () => void shutdown('npm exited'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    throw listenError(err, config.host, config.port);
  }
  if (!config.publicUrlConfigured) {
    app.log.warn(
      { publicUrl: config.publicUrl },
      `PUBLIC_URL is not set: signed file links point to ${config.publicUrl}; set PUBLIC_URL to the address users open`,
    );
  }
  const url = config.publicUrl;
  const listening = config.publicUrlConfigured ? `   listening on ${config.listenUrl}` : '';
  const site = config.site.host ? `${config.site.url}   (also ${url}${config.site.prefix})` : config.site.url;
  // `npm run dev`: the live web app is Vite's (apps/web/vite.config.ts port), which proxies /api here.
  const backOffice = config.env === 'development' ? `${DEV_WEB_URL} (Vite, live reload; this process: the API)` : url;
  console.log(
    `  Back office: ${backOffice}   API reference: ${url}/api/docs   database: ${dialect}${listening}\n  Website: ${site}\n  Data folder: ${config.dataDir}\n`,
  );
}

main().catch((err) => {
  // One line naming the setting and the cause; the whole error only when asked for (LOG_LEVEL=debug).
  console.error(err instanceof ConfigError ? err.message : startupFailureLine(err));
  if (['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '')) console.error(err);
  process.exit(err instanceof ConfigError ? 78 : 1);
});
