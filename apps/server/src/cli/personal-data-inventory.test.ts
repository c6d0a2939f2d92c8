import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { buildOrganization, createPostgresDatabase, testDialect } from '../../test/helpers.ts';
import { buildStaff } from '../modules/staff/staff.test-helpers.ts';
import { runCli } from './main.ts';

let dataDir: string;
let pg: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bo-cli-pd-'));
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

describe('npm run cli -- personal-data-inventory', () => {
  it('counts people and records per category, says where each is stored and who may reveal it, with the retention settings', async () => {
    expect((await cli('personal-data-inventory')).code).toBe(0); // migrates the empty database
    const { db } = createDatabase(pg ? pg.url : `sqlite:${join(dataDir, 'app.sqlite')}`);
    try {
      const org = await buildOrganization(db);
      const config = loadConfig(env);
      const a = await buildStaff(db, org.id, { national_id: 'A123456789' }, config);
      await buildStaff(db, org.id, { national_id: null }, config);
      await db
        .updateTable('staff')
        .set({ address: '台中市西屯區', status: 'left', left_on: '2026-01-05' })
        .where('id', '=', a.id)
        .execute();
    } finally {
      await db.destroy();
    }

    const json = await cli('personal-data-inventory', '--json');
    expect(json.code).toBe(0);
    const inv = JSON.parse(json.out);
    const category = (c: string) => inv.categories.find((x: { category: string }) => x.category === c);
    expect(category('identifier')).toMatchObject({
      people: 1,
      records: 1,
      places: [
        { table: 'staff', column: 'national_id_enc, national_id_bidx, national_id_masked', encrypted: true, records: 1 },
        // Issue 38: the evidence a worker holds, none recorded here.
        { table: 'staff_trainings', column: 'card_number_enc, card_number_masked', encrypted: true, records: 0 },
        { table: 'staff_migrant_documents', column: 'number_enc, number_masked', encrypted: true, records: 0 },
      ],
    });
    expect(category('identifier').reveal_roles).toContain('SUB_ACCOUNT_ROLE_ADMIN');
    // buildStaff gives both a blood type and a mobile number.
    expect(category('health')).toMatchObject({ people: 2, records: 2 });
    expect(category('contact').people).toBe(2);
    expect(category('contact').places.find((p: { column: string }) => p.column === 'address').records).toBe(1);
    expect(inv.retention.map((r: { id: string; years: number }) => [r.id, r.years])).toEqual([
      ['departed-staff', 5],
      ['general-health', 7],
      ['special-health', 10],
    ]);
    expect(inv.departed_staff).toBe(1);
    // Whom to notify after a leak: the persons concerned (§12) and the authority, its 72 hours marked as a draft's.
    expect(inv.notify.map((n: { id: string }) => n.id)).toEqual(['persons', 'authority']);
    expect(inv.notify[0]).toMatchObject({ confirmed: true, citation: expect.stringContaining('個人資料保護法 §12') });
    expect(inv.notify[0].when).toContain('查明後');
    expect(inv.notify[1]).toMatchObject({ confirmed: false, whom: expect.stringContaining('個人資料保護委員會') });
    expect(inv.notify[1].when).toMatch(/72 小時.*草案.*未確認/);

    const text = await cli('personal-data-inventory');
    expect(text.out).toContain('identifier: 1 people, 1 records');
    expect(text.out).toContain('staff.national_id_enc, national_id_bidx, national_id_masked  encrypted  1 records');
    expect(text.out).toContain('staff.address  NOT encrypted  1 records');
    expect(text.out).toContain('勞動基準法 §7');
    expect(text.out).toContain('whom to notify after a leak (product data, not legal advice');
    expect(text.out).toContain('  persons: 當事人');
    expect(text.out).toContain('個人資料保護法 §12');
    expect(text.out).toMatch(/authority: .*個人資料保護委員會/);
    expect(text.out).toMatch(/source: .*施行細則草案.* \[unconfirmed\]/);
    // The inventory names counts and places, never a value.
    expect(text.out + json.out).not.toContain('A123456789');
  });
});
