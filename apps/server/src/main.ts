import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureFirstAdmin } from './lib/bootstrap.ts';
import { createRateLimitStore } from './lib/rate-limit-store.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  let warn = (message: string) => console.warn(message);
  const { db, dialect } = createDatabase(config.databaseUrl, (err) => warn(`database: idle connection closed by the server (${err.code}): ${err.message}`));
  await migrateToLatest(db);
  const first = await ensureFirstAdmin(db, config);
  const app = await buildApp({ config, db, dialect, rateLimits: await createRateLimitStore(config, (m) => warn(m)) });
  warn = (message) => app.log.warn(message);
  app.addHook('onClose', async () => db.destroy());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // close() stops accepting, waits for requests in flight, then runs onClose (database).
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  if (first) {
    // Printed once, to the console only (never to the log file), when the first admin is created.
    console.log(`\n  First super admin created\n    email:    ${first.email}\n    password: ${first.password}\n`);
  }
  console.log(`  Back office: ${url}   API reference: ${url}/api/docs   database: ${dialect}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
