import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Creates a new Postgres database on the server of `base` (TEST_DATABASE_URL), empty or as a copy
 * of `template` (database-template.ts); returns its URL and a dropper.
 */
export async function createPostgresDatabase(
  base = process.env.TEST_DATABASE_URL,
  prefix = 'bo_test',
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
