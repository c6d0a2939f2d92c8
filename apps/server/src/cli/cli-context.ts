import type { Config } from '../config.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Database, type Dialect } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { OPERATOR, type OperatorPrincipal } from '../lib/context/principals.ts';
import { contextsOf, type ContextHost, type PrincipalContexts } from '../lib/context/request-context.ts';

/** A command's failure: one line on stderr and exit code 1, never a stack trace. */
export class CliError extends Error {}

/**
 * What every command gets: the server's configuration and the operator's contexts on its (migrated)
 * database: a command reads with `read().db` and writes in `inTransaction`, with its `audit`
 * (recorded as the operator: no admin id, ip and user agent "cli") in the same transaction. It holds
 * no database handle of its own.
 */
export interface CliContext extends PrincipalContexts<OperatorPrincipal> {
  config: Config;
  dialect: Dialect;
  print(text: string): void;
}

/**
 * The command line as a context host: mail it queues is delivered by the running server's outbox;
 * it deletes no stored objects and no module holds rows here (no server modules are loaded).
 */
const cliHost = (db: Database, config: Config): ContextHost => ({
  db,
  config,
  kickMailer: () => {},
  removeObjects: async (keys) => {
    if (keys.length) throw new Error('the command line deletes no stored objects');
  },
  release: async () => {},
});

export async function openCliContext(
  print: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliContext & { close(): Promise<void> }> {
  const config = loadConfig(env);
  const { db, dialect } = createDatabase(config.databaseUrl);
  await migrateToLatest(db);
  return {
    ...contextsOf(cliHost(db, config), OPERATOR),
    config,
    dialect,
    print,
    close: () => db.destroy(),
  };
}

/** The SQLite file of a sqlite: DATABASE_URL, or null on PostgreSQL. */
export const sqliteFile = (config: Config): string | null =>
  config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl.slice('sqlite:'.length) : null;
