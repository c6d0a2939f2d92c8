import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { runRetention } from '../personal-data/retention-job.ts';
import { buildStaff } from '../staff/staff.test-helpers.ts';

/** The fixed clock: 2026-06-15 in Taipei; general checks are kept 7 years, special ones 10 (the defaults). */
const DAY = '2026-06-15';
const PREVIEW = '/api/admin/personal-data/retention/preview';
let t: TestApp;
let superToken: string;
let writer: string;
let org: { id: number };

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${DAY}T09:00:00+08:00`) });
  t = await createTestApp({ PERSONAL_DATA_RETENTION_TIME: 'off' });
  org = await buildOrganization(t.db);
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] }));
  writer = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
    organizationId: org.id,
  });
});
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});

describe('retention of health-check records', () => {
  it('erases exactly the checks past their period (from the check day), as its preview listed, and lists them in the inventory before', async () => {
    const s = await buildStaff(t.db, org.id, { name: '黃大華' }, t.app.config);
    const check = async (check_kind: string, checked_on: string) => {
      const res = await api(t.app, writer).post(`/api/admin/organization/staff/${s.id}/health-checks`, {
        check_kind,
        checked_on,
        result_grade: '2',
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const generalPast = await check('general', '2019-06-14'); // kept until 2026-06-14
    const generalKept = await check('general', '2019-06-15'); // kept until today
    const specialPast = await check('special', '2016-06-01');
    const specialKept = await check('special', '2019-06-01'); // a special check is kept 10 years

    const inventory = (await api(t.app, superToken).get('/api/admin/personal-data/inventory')).json();
    const health = inventory.categories.find((c: { category: string }) => c.category === 'health');
    expect(health.places).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: 'staff_health_checks', column: 'result_grade_enc', encrypted: true, records: 4 }),
      ]),
    );
    expect(health.people).toBeGreaterThanOrEqual(1);

    const preview = (await api(t.app, superToken).get(`${PREVIEW}?day=${DAY}`)).json();
    const listed = preview.items.filter((i: { health_check_id?: number }) => i.health_check_id);
    expect(listed.map((i: { health_check_id: number }) => i.health_check_id).sort()).toEqual([generalPast, specialPast].sort());
    expect(listed.find((i: { health_check_id: number }) => i.health_check_id === generalPast)).toMatchObject({
      rule: 'general-health',
      action: 'erase',
      checked_on: '2019-06-14',
      kept_until: '2026-06-14',
      name: '黃○○',
    });
    expect(preview.rules.every((r: { applies: boolean }) => r.applies)).toBe(true);

    const result = await runRetention(t.app, DAY);
    expect(result).toMatchObject({ health_checks_erased: 2 });
    const left = await t.db.selectFrom('staff_health_checks').select('id').where('staff_id', '=', s.id).execute();
    expect(left.map((r) => r.id).sort()).toEqual([generalKept, specialKept].sort());
    const erased = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('target_type', '=', 'staff_health_check')
      .where('action', '=', 'erase')
      .execute();
    expect(erased.map((e) => Number(e.target_id)).sort()).toEqual([generalPast, specialPast].sort());
    expect(erased.every((e) => e.actor_kind === 'system')).toBe(true);
    expect((await runRetention(t.app, DAY)).health_checks_erased).toBe(0);
  });
});
