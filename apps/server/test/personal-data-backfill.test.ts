import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContexts } from '../src/lib/context/request-context.ts';
import { preparePersonalData } from '../src/lib/personal-data/backfill.ts';
import { openedStaffOf } from '../src/modules/staff/staff.test-helpers.ts';
import { api, buildAdmin, buildOrganization, createTestApp, login, testDialect, type TestApp } from './helpers.ts';

const OLD_ID = 'F131104093';
let t: TestApp;
let org: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  org = await buildOrganization(t.db, { name: '大明營造' });
});
afterAll(async () => {
  await t?.close();
});

describe('staff from before migration 0100', () => {
  it('are sealed by the start-up backfill in batches, their plain columns cleared, and found and kept unique as before', async () => {
    const now = new Date().toISOString();
    // Rows as the server wrote them before 0100: plain national id and blood type (450 of them: three batches).
    for (let i = 0; i < 450; i++)
      await sql`insert into staff (organization_id, name, national_id, blood_type, status, created_at, updated_at)
        values (${org.id}, ${`舊員工${i}`}, ${i === 0 ? OLD_ID : null}, ${i % 2 ? 'AB-' : 'O'}, 'active', ${now}, ${now})`.execute(t.db);

    expect(await preparePersonalData(systemContexts(t.app, 'personal-data'))).toBe(450);
    expect(await preparePersonalData(systemContexts(t.app, 'personal-data'))).toBe(0);
    // The key-encryption key of the embedded default: a file of DATA_DIR only its owner reads.
    if (process.platform !== 'win32') expect(statSync(join(t.dataDir, 'personal-data.key')).mode & 0o777).toBe(0o600);

    const plain = await sql<{ n: number }>`select count(*) as n from staff where national_id is not null or blood_type is not null`.execute(
      t.db,
    );
    expect(Number(plain.rows[0]!.n)).toBe(0);
    const opened = await openedStaffOf(t.db, t.config, org.id);
    expect(opened[0]).toMatchObject({ name: '舊員工0', national_id: OLD_ID, blood_type: 'O', national_id_masked: 'F13****093' });
    expect(opened.filter((s) => s.blood_type === 'AB-')).toHaveLength(225);

    const token = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
      organizationId: org.id,
    });
    const found = (await api(t.app, token).get(`/api/admin/organization/staff/index?keyword=${OLD_ID}`)).json();
    expect(found.data.map((s: { name: string; national_id: string }) => [s.name, s.national_id])).toEqual([['舊員工0', 'F13****093']]);
    expect((await api(t.app, token).post('/api/admin/organization/staff', { name: '重複', national_id: OLD_ID })).statusCode).toBe(409);

    if (testDialect === 'sqlite') {
      const file = t.config.databaseUrl.slice('sqlite:'.length);
      for (const f of [file, `${file}-wal`]) if (existsSync(f)) expect(readFileSync(f).includes(OLD_ID), f).toBe(false);
    }
  });
});
