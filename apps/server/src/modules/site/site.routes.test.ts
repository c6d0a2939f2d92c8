import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { buildStaff } from '../staff/staff.test-helpers.ts';

let t: TestApp;
let orgA: number;
let orgB: number;
let adminA: string;
let readerA: string;
let adminB: string;
const sites = '/api/admin/organization/sites';
const contractors = '/api/admin/organization/contractors';
const as = (tk?: string) => api(t.app, tk);

const setContractor = (staffId: number, contractorId: number | null) =>
  t.db.updateTable('staff').set({ contractor_id: contractorId }).where('id', '=', staffId).execute();
const auditOf = (target_type: string) =>
  t.db
    .selectFrom('audit_logs')
    .select(['action', 'target_id', 'target_label'])
    .where('target_type', '=', target_type)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  // A fixed Taipei day: roster rows ending before it are no longer current.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T02:00:00Z') });
  t = await createTestApp();
  orgA = (await buildOrganization(t.db)).id;
  orgB = (await buildOrganization(t.db)).id;
  adminA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), { organizationId: orgA });
  readerA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }), {
    organizationId: orgA,
  });
  adminB = await login(t.app, await buildAdmin(t.db, { memberships: { [orgB]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), { organizationId: orgB });
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('sites', () => {
  it('creates a site with its director, lists it by keyword and status, patches its status, and audits each change', async () => {
    const director = await buildStaff(t.db, orgA, { name: '陳主任' });
    const created = await as(adminA).post(sites, {
      name: '信義區住宅新建工程',
      contract_number: 'C-113-001',
      address: '台北市信義區',
      starts_on: '2026-01-05',
      ends_on: '2027-06-30',
      director_staff_id: director.id,
      // The web app names the active organization in every body.
      organization_id: orgA,
    });
    expect(created.statusCode, created.body).toBe(200);
    const site = created.json();
    expect(site).toMatchObject({ status: 'active', director_name: '陳主任', roster_count: 0, contractor_count: 0, version: 1 });

    const found = await as(readerA).get(`${sites}/index?keyword=${encodeURIComponent('信義')}&status=active`);
    expect(found.json().data.map((s: { id: number }) => s.id)).toEqual([site.id]);
    expect((await as(readerA).get(`${sites}/index?status=completed`)).json().data).toEqual([]);

    const patched = await as(adminA).patch(`${sites}/${site.id}`, { field: 'status', value: 'suspended' });
    expect(patched.json()).toMatchObject({ status: 'suspended', version: 2 });
    expect((await as(adminA).patch(`${sites}/${site.id}`, { field: 'name', value: 'x' })).statusCode).toBe(400);

    const updated = await as(adminA).put(`${sites}/${site.id}`, { name: '信義區住宅', status: 'completed' });
    expect(updated.json()).toMatchObject({ name: '信義區住宅', contract_number: null, director_staff_id: null, status: 'completed' });
    expect((await as(adminA).delete(`${sites}/${site.id}`)).statusCode).toBe(200);
    expect((await auditOf('site')).filter((a) => a.target_id === String(site.id)).map((a) => a.action)).toEqual([
      'create',
      'patch',
      'update',
      'delete',
    ]);
  });

  it('refuses bad input with field keys and writes nothing', async () => {
    const otherOrgsStaff = await buildStaff(t.db, orgB);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'validate.error.required'],
      [{ name: 'x', starts_on: '2026-02-01', ends_on: '2026-01-31' }, 'ends_on', 'validate.error.ends_before_starts'],
      [{ name: 'x', starts_on: '2026-02-30' }, 'starts_on', 'validate.error.invalid'],
      [{ name: 'x', status: 'closed' }, 'status', 'validate.error.invalid'],
      [{ name: 'x', director_staff_id: otherOrgsStaff.id }, 'director_staff_id', 'validate.error.invalid'],
    ];
    for (const [body, field, key] of cases) {
      const res = await as(adminA).post(sites, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]?.[0] ?? res.json().errors, JSON.stringify(body)).toMatch(
        key === 'validate.error.invalid' ? /^validate\.error\./ : key,
      );
    }
    expect(await t.db.selectFrom('sites').select('id').where('name', '=', 'x').execute()).toEqual([]);
  });

  it("answers another organization's admin 404 on every route of a site, and a reader 403 on its writes", async () => {
    const site = (await as(adminA).post(sites, { name: '他人工地' })).json();
    const staff = await buildStaff(t.db, orgA);
    const row = (
      await as(adminA).post(`${sites}/${site.id}/roster`, { staff_ids: [staff.id], site_role: 'worker', starts_on: '2026-03-01' })
    ).json().data[0];
    const calls = [
      () => as(adminB).get(`${sites}/${site.id}`),
      () => as(adminB).put(`${sites}/${site.id}`, { name: 'x' }, { 'if-match': '*' }),
      () => as(adminB).patch(`${sites}/${site.id}`, { field: 'status', value: 'completed' }, { 'if-match': '*' }),
      () => as(adminB).delete(`${sites}/${site.id}`, undefined, { 'if-match': '*' }),
      () => as(adminB).get(`${sites}/${site.id}/contractors`),
      () => as(adminB).put(`${sites}/${site.id}/contractors`, { contractor_ids: [] }, { 'if-match': '*' }),
      () => as(adminB).get(`${sites}/${site.id}/roster`),
      () =>
        as(adminB).post(
          `${sites}/${site.id}/roster`,
          { staff_ids: [staff.id], site_role: 'worker', starts_on: '2026-03-01' },
          { 'if-match': '*' },
        ),
      () => as(adminB).put(`${sites}/${site.id}/roster/${row.id}`, { site_role: 'x', starts_on: '2026-03-01' }, { 'if-match': '*' }),
      () => as(adminB).delete(`${sites}/${site.id}/roster/${row.id}`, undefined, { 'if-match': '*' }),
      () => as(adminB).get(`/api/admin/history/site/${site.id}`),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(404);
    expect((await as(adminB).get(`${sites}/index`)).json().data.map((s: { id: number }) => s.id)).not.toContain(site.id);

    expect((await as(readerA).get(`${sites}/${site.id}/roster`)).statusCode).toBe(200);
    expect((await as(readerA).post(sites, { name: 'x' })).statusCode).toBe(403);
    expect((await as(readerA).put(`${sites}/${site.id}/contractors`, { contractor_ids: [] })).statusCode).toBe(403);
    expect((await as(readerA).delete(`${sites}/${site.id}/roster/${row.id}`)).statusCode).toBe(403);
    expect((await as().get(`${sites}/index`)).statusCode).toBe(401);
  });
});

describe('contractors', () => {
  it('creates contractors with a checked 統一編號 and a name unique in the organization, counting their workers', async () => {
    const res = await as(adminA).post(contractors, {
      name: '大興工程行',
      tax_id: '22099131',
      contact_name: '林先生',
      contact_phone: '02-2345-6789',
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ name: '大興工程行', tax_id: '22099131', worker_count: 0 });

    const dup = await as(adminA).post(contractors, { name: '大興工程行' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ name: ['validate.error.name_taken'] });
    // Another organization may use the same name.
    expect((await as(adminB).post(contractors, { name: '大興工程行' })).statusCode).toBe(200);
    for (const tax_id of ['2209913', '22099132', 'ABCDEFGH']) {
      const bad = await as(adminA).post(contractors, { name: `廠商 ${tax_id}`, tax_id });
      expect(bad.statusCode, tax_id).toBe(400);
      expect(bad.json().errors).toEqual({ tax_id: ['validate.error.tax_id_incorrect'] });
    }

    const worker = await buildStaff(t.db, orgA);
    await setContractor(worker.id, c.id);
    const listed = (await as(readerA).get(`${contractors}/index?keyword=${encodeURIComponent('大興')}`)).json().data;
    expect(listed).toMatchObject([{ id: c.id, worker_count: 1 }]);

    const refused = await as(adminA).delete(`${contractors}/${c.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ _: ['validate.error.contractor_has_workers'] });
    await setContractor(worker.id, null);
    expect((await as(adminA).delete(`${contractors}/${c.id}`)).statusCode).toBe(200);
    expect((await auditOf('contractor')).filter((a) => a.target_id === String(c.id)).map((a) => [a.action, a.target_label])).toEqual([
      ['create', '大興工程行'],
      ['delete', '大興工程行'],
    ]);
    expect((await as(adminB).get(`${contractors}/${c.id}`)).statusCode).toBe(404);
  });
});

describe("a site's subcontractors and roster", () => {
  it("puts the organization's staff and its subcontractors' workers on the roster, filters it, and counts each change as the site's", async () => {
    const site = (await as(adminA).post(sites, { name: '南港捷運站', starts_on: '2026-01-01' })).json();
    const steel = (await as(adminA).post(contractors, { name: '鋼構協力' })).json();
    const other = (await as(adminA).post(contractors, { name: '未進場廠商' })).json();
    const own = await buildStaff(t.db, orgA, { name: '自家員工' });
    const welder = await buildStaff(t.db, orgA, { name: '焊工阿明' });
    const rigger = await buildStaff(t.db, orgA, { name: '吊掛阿華' });
    const outsider = await buildStaff(t.db, orgA, { name: '別家工人' });
    await setContractor(welder.id, steel.id);
    await setContractor(rigger.id, steel.id);
    await setContractor(outsider.id, other.id);

    const roster = `${sites}/${site.id}/roster`;
    const notOnSite = await as(adminA).post(roster, { staff_ids: [own.id, welder.id], site_role: 'worker', starts_on: '2026-02-01' });
    expect(notOnSite.statusCode).toBe(400);
    expect(notOnSite.json().errors).toEqual({ staff_ids: ['validate.error.contractor_not_on_site'] });

    const orgBContractor = (await as(adminB).post(contractors, { name: 'B 的廠商' })).json();
    const refused = await as(adminA).put(`${sites}/${site.id}/contractors`, { contractor_ids: [steel.id, orgBContractor.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ contractor_ids: ['validate.error.invalid'] });

    const set = await as(adminA).put(`${sites}/${site.id}/contractors`, { contractor_ids: [steel.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ contractor_ids: [steel.id], contractors: [{ id: steel.id, name: '鋼構協力', worker_count: 2 }] });

    const added = await as(adminA).post(roster, {
      staff_ids: [own.id, welder.id, rigger.id],
      site_role: 'worker',
      work_kinds: ['noise', 'high_place', 'noise'],
      starts_on: '2026-02-01',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toHaveLength(3);
    expect(added.json().data[1]).toMatchObject({
      staff_name: '焊工阿明',
      contractor_name: '鋼構協力',
      work_kinds: ['noise', 'high_place'],
    });
    expect((await as(adminA).post(roster, { staff_ids: [outsider.id], site_role: 'worker', starts_on: '2026-02-01' })).statusCode).toBe(
      400,
    );
    // The same worker twice for overlapping periods is refused; a stay before the current one is not.
    const twice = await as(adminA).post(roster, { staff_ids: [rigger.id], site_role: 'worker', starts_on: '2026-06-01' });
    expect(twice.json().errors).toEqual({ staff_ids: ['validate.error.already_on_roster'] });

    const free = await as(adminA).post(roster, {
      staff_ids: [own.id],
      site_role: '臨時交管',
      starts_on: '2026-01-01',
      ends_on: '2026-01-31',
    });
    expect(free.json().data[0]).toMatchObject({ site_role: '臨時交管', ends_on: '2026-01-31' });

    const list = (q: string) =>
      as(readerA)
        .get(`${roster}?${q}`)
        .then((r) => r.json());
    expect(
      (await list(`company=${steel.id}&sort=staff_name&order=asc`)).data.map((r: { staff_name: string }) => r.staff_name).sort(),
    ).toEqual(['吊掛阿華', '焊工阿明'].sort());
    expect((await list('company=own')).data.map((r: { staff_id: number }) => r.staff_id)).toEqual([own.id, own.id]);
    expect((await list(`site_role=${encodeURIComponent('臨時交管')}`)).meta.total).toBe(1);
    expect((await list(`keyword=${encodeURIComponent('焊工')}`)).meta.total).toBe(1);
    expect((await list('per_page=2&page=2')).meta).toMatchObject({ total: 4, last_page: 2 });
    expect((await list('period=ended')).data.map((r: { site_role: string }) => r.site_role)).toEqual(['臨時交管']);
    expect((await list('period=current')).meta.total).toBe(3);

    // Taking the contractor off the site while its workers are on the roster is refused.
    const drop = await as(adminA).put(`${sites}/${site.id}/contractors`, { contractor_ids: [] });
    expect(drop.statusCode).toBe(400);
    expect(drop.json().errors).toEqual({ contractor_ids: ['validate.error.contractor_not_on_site'] });

    // A roster write sends the site's version: a stale one is 409, the answer carries the new one.
    const page = await list('');
    const welderRow = page.data.find((r: { staff_id: number }) => r.staff_id === welder.id);
    const stale = await as(adminA).put(
      `${roster}/${welderRow.id}`,
      { site_role: 'worker', starts_on: '2026-02-01', ends_on: '2026-04-30' },
      {
        'if-match': `"${page.version - 1}"`,
      },
    );
    expect(stale.statusCode).toBe(409);
    const ended = await as(adminA).put(
      `${roster}/${welderRow.id}`,
      { site_role: 'worker', starts_on: '2026-02-01', ends_on: '2026-04-30' },
      {
        'if-match': `"${page.version}"`,
      },
    );
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ ends_on: '2026-04-30', version: page.version + 1 });
    const backwards = await as(adminA).put(`${roster}/${welderRow.id}`, {
      site_role: 'worker',
      starts_on: '2026-05-01',
      ends_on: '2026-04-30',
    });
    expect(backwards.json().errors).toEqual({ ends_on: ['validate.error.ends_before_starts'] });

    expect((await as(adminA).delete(`${roster}/${free.json().data[0].id}`)).statusCode).toBe(200);
    const otherSite = (await as(adminA).post(sites, { name: '另一工地' })).json();
    expect((await as(adminA).delete(`${sites}/${otherSite.id}/roster/${welderRow.id}`)).statusCode).toBe(404);
    expect((await as(adminA).get(`${sites}/${site.id}`)).json()).toMatchObject({ roster_count: 3, contractor_count: 1 });

    const entries = (await auditOf('site_roster')).filter((a) => a.target_label === '焊工阿明');
    expect(entries.map((a) => a.action)).toEqual(['create', 'update']);
    expect((await auditOf('site')).filter((a) => a.target_id === String(site.id)).map((a) => a.action)).toEqual([
      'create',
      'set_contractors',
    ]);
  });

  it('refuses a roster of unknown or foreign staff, an empty list, and a role over 50 characters', async () => {
    const site = (await as(adminA).post(sites, { name: '驗證工地' })).json();
    const foreign = await buildStaff(t.db, orgB);
    const roster = `${sites}/${site.id}/roster`;
    const bad: [Record<string, unknown>, string][] = [
      [{ staff_ids: [foreign.id], site_role: 'worker', starts_on: '2026-01-01' }, 'staff_ids'],
      [{ staff_ids: [], site_role: 'worker', starts_on: '2026-01-01' }, 'staff_ids'],
      [{ staff_ids: [foreign.id], site_role: 'x'.repeat(51), starts_on: '2026-01-01' }, 'site_role'],
      [{ staff_ids: [foreign.id], site_role: 'worker', starts_on: '2026-01-01', work_kinds: ['juggling'] }, 'work_kinds.0'],
      [{ staff_ids: [foreign.id], site_role: 'worker' }, 'starts_on'],
    ];
    for (const [body, field] of bad) {
      const res = await as(adminA).post(roster, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await t.db.selectFrom('site_roster').select('id').where('site_id', '=', site.id).execute()).toEqual([]);
  });
});
