import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.ts';

const folder = join(import.meta.dirname, 'migrations');

/**
 * Every file in ./migrations in name order, named without its extension: TypeScript under tsx and
 * Vitest, `.mjs` compiled by scripts/build-server.mjs (`npm start`).
 */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = readdirSync(folder)
      .filter((f) => /^\d{4}-.*\.(ts|mjs)$/.test(f) && !f.endsWith('.test.ts'))
      .sort();
    const entries = await Promise.all(
      files.map(async (f) => [f.replace(/\.(ts|mjs)$/, ''), await import(pathToFileURL(join(folder, f)).href)] as const),
    );
    return Object.fromEntries(entries);
  }
}

const migrator = (db: Database) => new Migrator({ db, provider: new FolderMigrationProvider() });

/** The same files serve SQLite and PostgreSQL. */
export async function migrateToLatest(db: Database): Promise<void> {
  const { error, results } = await migrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

/** Names of the migration files not yet applied to this database (the readiness check, modules/health). */
export async function pendingMigrations(db: Database): Promise<string[]> {
  return (await migrator(db).getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}
