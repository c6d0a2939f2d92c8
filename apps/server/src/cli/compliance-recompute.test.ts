import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.ts';
import { buildOrganization, createPostgresDatabase, testDialect } from '../../test/helpers.ts';
import { buildStaff } from '../modules/staff/staff.test-helpers.ts';
import { runCli } from './main.ts';

let dataDir: string;
let pg: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bo-cli-compliance-'));
  pg = testDialect === 'postgres' ? await createPostgresDatabase() : null;
  env = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'cli-test-secret-0123456789abcdef0123',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  };
});
afterAll(async () => {
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { print: (t) => out.push(t), fail: (t) => err.push(t), env });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run cli -- compliance-recompute', () => {
  it("computes every organization's due items now and says how many", async () => {
    expect((await cli('compliance-recompute')).out).toMatch(/^0 organizations, 0 roster rows, 0 due items in \d+ ms$/);
    const { db } = createDatabase(pg ? pg.url : `sqlite:${join(dataDir, 'app.sqlite')}`);
    try {
      const org = await buildOrganization(db);
      const worker = await buildStaff(db, org.id);
      const stamp = new Date().toISOString();
      const site = await db
        .insertInto('sites')
        .values({ organization_id: org.id, name: '工地', created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('site_roster')
        .values({
          organization_id: org.id,
          site_id: site.id,
          staff_id: worker.id,
          site_role: 'worker',
          starts_on: '2020-01-01',
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      const run = await cli('compliance-recompute');
      expect(run.code, run.err).toBe(0);
      expect(run.out).toMatch(/^1 organizations, 1 roster rows, [1-9]\d* due items in \d+ ms$/);
      const items = await db.selectFrom('compliance_due_items').select('rule_key').where('staff_id', '=', worker.id).execute();
      expect(items.map((i) => i.rule_key)).toContain('general-training');
    } finally {
      await db.destroy();
    }
  });
});
