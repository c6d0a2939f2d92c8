import type { Config } from '../config.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Database, type Dialect } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { writeAudit, type AuditWho } from '../lib/audit.ts';
import type { TypedAuditEntry } from '../lib/kit/audit-targets.ts';

/** A command's failure: one line on stderr and exit code 1, never a stack trace. */
export class CliError extends Error {}

/** What every command gets: the server's configuration and database (migrated), and the operator's audit. */
export interface CliContext {
  config: Config;
  db: Database;
  dialect: Dialect;
  /** Records an action with the operator as actor "cli" (no admin id; ip and user agent "cli"). */
  audit(entry: TypedAuditEntry): Promise<void>;
  print(text: string): void;
}

export const CLI_WHO: AuditWho = { actor_id: null, impersonator_id: null, organization_id: null, ip: 'cli', user_agent: 'cli' };

export async function openCliContext(
  print: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliContext & { close(): Promise<void> }> {
  const config = loadConfig(env);
  const { db, dialect } = createDatabase(config.databaseUrl);
  await migrateToLatest(db);
  return {
    config,
    db,
    dialect,
    audit: (entry) => writeAudit(db, CLI_WHO, entry),
    print,
    close: () => db.destroy(),
  };
}

/** The SQLite file of a sqlite: DATABASE_URL, or null on PostgreSQL. */
export const sqliteFile = (config: Config): string | null =>
  config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl.slice('sqlite:'.length) : null;
