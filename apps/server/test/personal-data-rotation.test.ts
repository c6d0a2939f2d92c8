import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { systemContexts } from '../src/lib/context/request-context.ts';
import { inOrganization } from '../src/lib/context/scope.ts';
import { rotatePersonalDataKey } from '../src/lib/personal-data/rotate-key.ts';
import { keyRing, writableKeyRing } from '../src/lib/personal-data/vault.ts';
import { staffFieldValues } from '../src/modules/staff/staff-fields.ts';
import { nationalId } from '../src/modules/staff/staff-import.test-helpers.ts';
import { insertStaffRows } from '../src/modules/staff/staff.repository.ts';
import { openedStaffOf } from '../src/modules/staff/staff.test-helpers.ts';
import { api, buildAdmin, buildOrganization, createTestApp, login, testDialect, type TestApp } from './helpers.ts';

const STAFF = 10_000;
const S = '/api/admin/organization/staff';
let t: TestApp;
let org: { id: number };
let token: string;
const bloodOf = (i: number) => (['A', 'B', 'O', 'AB-'] as const)[i % 4]!;

beforeAll(async () => {
  t = await createTestApp();
  org = await buildOrganization(t.db, { name: '大明營造' });
  token = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }), {
    organizationId: org.id,
  });
  await t.db.transaction().execute(async (trx) => {
    const ring = await writableKeyRing(trx, t.config);
    const rows = Array.from({ length: STAFF }, (_, i) =>
      staffFieldValues({ name: `員工${i}`, national_id: nationalId(i + 1), blood_type: bloodOf(i), status: 'active' }),
    );
    await insertStaffRows(trx, inOrganization(org.id), ring, rows);
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('rotate-personal-data-key', () => {
  it('seals every value of 10,000 staff again under a new key while another request is answered within 100 ms', {
    timeout: 180_000,
  }, async () => {
    const before = await keyRing(t.db, t.config);
    const oldKey = before.sealingKeyId!;
    const bidxBefore = await t.db.selectFrom('staff').select(['id', 'national_id_bidx']).orderBy('id').execute();

    const probe = await t.db
      .selectFrom('staff')
      .select(['id', 'national_id_masked as mask'])
      .where('name', '=', '員工4320')
      .executeTakeFirstOrThrow();
    let done = false;
    const rotation = rotatePersonalDataKey(systemContexts(t.app, 'test-rotation')).finally(() => {
      done = true;
    });
    const latencies: number[] = [];
    while (!done) {
      const start = performance.now();
      const res = await api(t.app, token).get(`${S}/${probe.id}`);
      latencies.push(performance.now() - start);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: '員工4320', national_id: probe.mask, blood_type: '已記錄' });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const result = await rotation;
    const found = await api(t.app, token).get(`${S}/index?keyword=${nationalId(4321)}`);
    expect(found.json().data.map((s: { id: number }) => s.id)).toEqual([probe.id]);
    expect(latencies.length).toBeGreaterThan(10);
    const sorted = [...latencies].sort((a, b) => a - b);
    const p99 = sorted[Math.floor(sorted.length * 0.99)]!;
    // SQLite answers synchronously: a batch that ran long would hold every request, so none may wait 100 ms.
    // PostgreSQL's requests wait on no batch (their own connection); on a shared 2-core runner the odd
    // scheduling pause of this process is not the rotation's: 99 in 100 within 100 ms.
    if (testDialect === 'sqlite') expect(sorted.at(-1)).toBeLessThan(100);
    expect(p99, JSON.stringify(sorted.slice(-10).map(Math.round))).toBeLessThan(100);

    expect(result.keyId).not.toBe(oldKey);
    expect(result.resealed).toBe(2 * STAFF);
    expect(result.deletedKeys).toEqual([oldKey]);
    const after = await keyRing(t.db, t.config);
    expect(after.sealingKeyId).toBe(result.keyId);
    const rows = await t.db
      .selectFrom('staff')
      .select(['id', 'national_id_enc', 'blood_type_enc', 'national_id_bidx'])
      .orderBy('id')
      .execute();
    expect(rows.every((r) => after.keyIdOf(r.national_id_enc!) === result.keyId && after.keyIdOf(r.blood_type_enc!) === result.keyId)).toBe(
      true,
    );
    // Blind indexes are untouched: search and uniqueness go on as before.
    expect(rows.map((r) => r.national_id_bidx)).toEqual(bidxBefore.map((r) => r.national_id_bidx));
    const opened = await openedStaffOf(t.db, t.config, org.id);
    expect(opened).toHaveLength(STAFF);
    opened.forEach((s, i) => {
      expect(s.national_id).toBe(nationalId(i + 1));
      expect(s.blood_type).toBe(bloodOf(i));
    });
  });
});
