/**
 * Global setup of the server projects: one migrated database per run, which createTestApp copies
 * instead of running every migration again for each app (1–3 s each on a loaded machine, more than a
 * hundred apps per project). SQLite: a migrated file that is copied; PostgreSQL: a migrated
 * database used as `CREATE DATABASE … TEMPLATE`. createTestApp still runs migrateToLatest on the
 * copy (it finds nothing to do), so a migration that fails still fails every test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createPostgresDatabase } from './postgres-database.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'postgres') {
    if (!process.env.TEST_DATABASE_URL) {
      project.provide('databaseTemplate', '');
      return async () => {};
    }
    const template = await createPostgresDatabase(undefined, 'bo_template');
    const { db } = createDatabase(template.url);
    await migrateToLatest(db);
    // A template database takes no connection while it is copied.
    await db.destroy();
    project.provide('databaseTemplate', `postgres:${new URL(template.url).pathname.slice(1)}`);
    return () => template.drop();
  }
  const dir = mkdtempSync(join(tmpdir(), 'bo-template-'));
  const file = join(dir, 'app.sqlite');
  const { db } = createDatabase(`sqlite:${file}`);
  await migrateToLatest(db);
  // The last connection closing folds the write-ahead log into the file: the file alone is the database.
  await db.destroy();
  project.provide('databaseTemplate', `sqlite:${file}`);
  return async () => rmSync(dir, { recursive: true, force: true });
}
