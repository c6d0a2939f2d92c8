import type { Config } from '../config.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Dialect } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { recomputeAfterAudit } from '../lib/compliance/recompute-on-audit.ts';
import { OPERATOR, type OperatorPrincipal } from '../lib/context/principals.ts';
import { contextsOf, hostWithoutServer, type PrincipalContexts } from '../lib/context/request-context.ts';

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

export async function openCliContext(
  print: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliContext & { close(): Promise<void> }> {
  const config = loadConfig(env);
  const { db, dialect } = createDatabase(config.databaseUrl);
  await migrateToLatest(db);
  return {
    // The command line as a context host: mail it queues is delivered by the running server's outbox.
    // Its changes of evidence, rosters or rules recompute the due items as the server's do.
    ...contextsOf({ ...hostWithoutServer(db, config, 'the command line'), afterAudit: recomputeAfterAudit }, OPERATOR),
    config,
    dialect,
    print,
    close: () => db.destroy(),
  };
}

/** The SQLite file of a sqlite: DATABASE_URL, or null on PostgreSQL. */
export const sqliteFile = (config: Config): string | null =>
  config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl.slice('sqlite:'.length) : null;
