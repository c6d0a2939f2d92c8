import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import type { GateReason } from '@bo/shared/schemas/gate';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { buildStaff } from '../staff/staff.test-helpers.ts';
import { buildContractor, buildRoster, buildSite } from '../compliance/compliance.test-helpers.ts';

/**
 * Issue 39 point 4: the entry log's reads. Entries go straight into `site_entries` (the gate writes them in
 * the product) around a fixed clock: 2026-03-15T02:00Z is 10:00 on 2026-03-15 in Taipei.
 */
const TODAY = '2026-03-15';
const YESTERDAY = '2026-03-14';
const sites = '/api/admin/organization/sites';
const overrides = '/api/admin/organization/compliance/overrides';

let t: TestApp;
let orgA: number;
let orgB: number;
let adminA: { id: number; token: string };
let director: string;
let reader: string;
let gateKeeper: string;
let adminB: string;
let site: { id: number; name: string };
let site2: { id: number; name: string };
let siteB: { id: number; name: string };
let wang: { id: number; name: string };
let li: { id: number; name: string };
let chen: { id: number; name: string };
let deviceId: number;
const as = (tk?: string) => api(t.app, tk);

const overdue: GateReason = {
  code: 'rule',
  blocking: true,
  rule_key: 'health_check',
  rule_title: { 'zh-TW': '健康檢查', 'en-US': 'Health check' },
  status: 'overdue',
  due_on: '2026-01-10',
  overdue_days: 64,
  detail: null,
};
const unknownPass: GateReason = {
  ...overdue,
  code: 'pass_unknown',
  rule_key: null,
  rule_title: null,
  status: null,
  due_on: null,
  overdue_days: null,
};

let seq = 0;
async function entry(
  organizationId: number,
  siteId: number,
  over: {
    staff_id?: number | null;
    direction?: 'in' | 'out';
    verdict?: 'admit' | 'refuse';
    admitted?: boolean;
    at: string;
    reasons?: GateReason[];
    override?: { admin_id: number; at: string; reason: string };
    admin_id?: number | null;
    device_id?: string | null;
  },
) {
  const verdict = over.verdict ?? 'admit';
  const at = new Date(over.at);
  const row = await t.db
    .insertInto('site_entries')
    .values({
      organization_id: organizationId,
      site_id: siteId,
      staff_id: over.staff_id === undefined ? null : over.staff_id,
      pass_id: null,
      direction: over.direction ?? 'in',
      verdict,
      admitted: (over.admitted ?? (verdict === 'admit' || !!over.override)) ? 1 : 0,
      reasons: JSON.stringify(over.reasons ?? []),
      scanned_at: at.toISOString(),
      day: new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10),
      received_at: at.toISOString(),
      admin_id: over.admin_id ?? null,
      device_id: over.device_id ?? null,
      client_entry_id: `client-${++seq}-${Math.random().toString(36).slice(2)}`,
      offline: 0,
      snapshot_at: null,
      override_admin_id: over.override?.admin_id ?? null,
      override_reason: over.override?.reason ?? null,
      override_at: over.override?.at ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T02:00:00Z') });
  t = await createTestApp();
  orgA = (await buildOrganization(t.db, { name: '大安營造' })).id;
  orgB = (await buildOrganization(t.db)).id;
  const a = await buildAdmin(t.db, { name: '林管理', memberships: { [orgA]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
  adminA = { id: a.id, token: await login(t.app, a, { organizationId: orgA }) };
  const d = await buildAdmin(t.db, { name: '陳主任', memberships: { [orgA]: ['SUB_ACCOUNT_ROLE_SITE_DIRECTOR'] } });
  director = await login(t.app, d, { organizationId: orgA });
  reader = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }), {
    organizationId: orgA,
  });
  gateKeeper = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA]: ['SUB_ACCOUNT_ROLE_GATE'] } }), {
    organizationId: orgA,
  });
  adminB = await login(t.app, await buildAdmin(t.db, { memberships: { [orgB]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), { organizationId: orgB });
  deviceId = (await t.db.selectFrom('login_devices').select('id').where('admin_id', '=', a.id).executeTakeFirstOrThrow()).id;

  site = await buildSite(t.db, orgA, '信義區住宅新建工程');
  site2 = await buildSite(t.db, orgA, '內湖廠房');
  siteB = await buildSite(t.db, orgB, '他人工地');
  const contractor = await buildContractor(t.db, orgA, '宏達水電');
  wang = await buildStaff(t.db, orgA, { name: '王小明', job_title: '領班' });
  li = await buildStaff(t.db, orgA, { name: '李大華' });
  chen = await buildStaff(t.db, orgA, { name: '陳三' });
  await t.db.updateTable('staff').set({ contractor_id: contractor.id }).where('id', '=', li.id).execute();
  for (const s of [wang, li, chen]) await buildRoster(t.db, orgA, site.id, s.id, s === wang ? 'foreman' : 'worker');

  const by = { admin_id: a.id, device_id: String(deviceId) };
  // Yesterday: 王小明 in at 07:00 and out at 17:00 (Taipei).
  ids.wangInYesterday = await entry(orgA, site.id, { staff_id: wang.id, at: '2026-03-13T23:00:00Z', ...by });
  ids.wangOutYesterday = await entry(orgA, site.id, { staff_id: wang.id, direction: 'out', at: '2026-03-14T09:00:00Z', ...by });
  // Today: 王小明 in at 07:30 (still on site); 李大華 in at 08:00 and out at 09:00 (gone).
  ids.wangIn = await entry(orgA, site.id, { staff_id: wang.id, at: '2026-03-14T23:30:00Z', ...by });
  ids.liIn = await entry(orgA, site.id, { staff_id: li.id, at: '2026-03-15T00:00:00Z', admin_id: a.id, device_id: 'tablet-7' });
  ids.liOut = await entry(orgA, site.id, { staff_id: li.id, direction: 'out', at: '2026-03-15T01:00:00Z' });
  // 陳三 refused at 08:05, refused again at 08:10 and let in by the director at 08:12 (on site).
  ids.chenRefused = await entry(orgA, site.id, { staff_id: chen.id, verdict: 'refuse', reasons: [overdue], at: '2026-03-15T00:05:00Z' });
  ids.chenOverridden = await entry(orgA, site.id, {
    staff_id: chen.id,
    verdict: 'refuse',
    reasons: [overdue],
    at: '2026-03-15T00:10:00Z',
    override: { admin_id: d.id, at: '2026-03-15T00:12:00Z', reason: '已預約今日下午健檢' },
  });
  // A code that named no pass.
  ids.unknown = await entry(orgA, site.id, { verdict: 'refuse', reasons: [unknownPass], at: '2026-03-15T00:20:00Z' });
  // Long ago: 李大華 on New Year's day.
  ids.liNewYear = await entry(orgA, site.id, { staff_id: li.id, at: '2026-01-01T00:00:00Z' });
  // Another site of A overridden later; a site of B overridden latest of all.
  ids.site2Override = await entry(orgA, site2.id, {
    staff_id: wang.id,
    verdict: 'refuse',
    reasons: [overdue],
    at: '2026-03-15T01:30:00Z',
    override: { admin_id: d.id, at: '2026-03-15T01:31:00Z', reason: '主任確認' },
  });
  const other = await buildStaff(t.db, orgB, { name: '別家工人' });
  ids.orgBOverride = await entry(orgB, siteB.id, {
    staff_id: other.id,
    verdict: 'refuse',
    at: '2026-03-15T01:40:00Z',
    override: { admin_id: d.id, at: '2026-03-15T01:45:00Z', reason: '他家' },
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('the entry list', () => {
  it("lists a site's entries newest first with the worker, company, admins and device", async () => {
    const res = await as(reader).get(`${sites}/${site.id}/entries?day=${TODAY}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ total: 6, page: 1 });
    expect(body.data.map((e: { id: number }) => e.id)).toEqual([
      ids.liOut,
      ids.unknown,
      ids.chenOverridden,
      ids.chenRefused,
      ids.liIn,
      ids.wangIn,
    ]);
    const byId = new Map(body.data.map((e: { id: number }) => [e.id, e]));
    expect(byId.get(ids.wangIn)).toMatchObject({
      staff_name: '王小明',
      company_name: '大安營造',
      admin_name: '林管理',
      device_id: String(deviceId),
      device_label: expect.any(String),
      day: TODAY,
      admitted: true,
      verdict: 'admit',
    });
    expect(byId.get(ids.liIn)).toMatchObject({ company_name: '宏達水電', device_id: 'tablet-7', device_label: null });
    expect(byId.get(ids.chenOverridden)).toMatchObject({
      verdict: 'refuse',
      admitted: true,
      override_admin_name: '陳主任',
      override_reason: '已預約今日下午健檢',
      reasons: [expect.objectContaining({ code: 'rule', rule_key: 'health_check', overdue_days: 64 })],
    });
    expect(byId.get(ids.unknown)).toMatchObject({ staff_id: null, staff_name: null, company_name: null, admitted: false });
  });

  it('filters by verdict, overridden and worker, and pages', async () => {
    const list = async (q: string) => {
      const res = await as(director).get(`${sites}/${site.id}/entries?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((e: { id: number }) => e.id);
    };
    expect(await list(`day=${TODAY}&verdict=refuse`)).toEqual([ids.unknown, ids.chenOverridden, ids.chenRefused]);
    expect(await list('overridden=true')).toEqual([ids.chenOverridden]);
    expect(await list(`day=${TODAY}&overridden=false&verdict=refuse`)).toEqual([ids.unknown, ids.chenRefused]);
    expect(await list(`staff_id=${li.id}&sort=scanned_at&order=asc`)).toEqual([ids.liNewYear, ids.liIn, ids.liOut]);
    expect(await list(`day=${YESTERDAY}`)).toEqual([ids.wangOutYesterday, ids.wangInYesterday]);
    expect(await list(`day=${TODAY}&keyword=${encodeURIComponent('小明')}`)).toEqual([ids.wangIn]);
    const page2 = (await as(director).get(`${sites}/${site.id}/entries?per_page=4&page=2`)).json();
    expect(page2.meta).toMatchObject({ total: 9, last_page: 3 });
    expect(page2.data).toHaveLength(4);
  });

  it('refuses bad filters with 400 and the field key', async () => {
    for (const [q, field] of [
      ['day=2026-02-30', 'day'],
      ['day=yesterday', 'day'],
      ['verdict=maybe', 'verdict'],
      ['overridden=yes', 'overridden'],
      ['staff_id=abc', 'staff_id'],
      ['sort=staff_name', 'sort'],
    ]) {
      const res = await as(reader).get(`${sites}/${site.id}/entries?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors[field], q).toBeDefined();
    }
    expect((await as(reader).get(`${sites}/${site.id}/entries?day=2026-02-30`)).json().errors.day).toEqual(['validate.error.invalid']);
  });
});

describe('on site now', () => {
  it("answers who is on site (in, not out again) and today's counts", async () => {
    const res = await as(reader).get(`${sites}/${site.id}/on-site`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.day).toBe(TODAY);
    expect(body.data).toEqual([
      {
        staff_id: wang.id,
        name: '王小明',
        company_name: '大安營造',
        job_title: '領班',
        site_role: 'foreman',
        has_photo: false,
        entered_at: '2026-03-14T23:30:00.000Z',
        entry_id: ids.wangIn,
      },
      expect.objectContaining({ staff_id: chen.id, name: '陳三', site_role: 'worker', entry_id: ids.chenOverridden }),
    ]);
    expect(body.counts).toEqual({ scans: 6, admitted: 4, refused: 2, overridden: 1 });

    // 王小明 goes out: no longer on site; a refused scan of his afterwards changes nothing.
    await entry(orgA, site.id, { staff_id: wang.id, direction: 'out', at: '2026-03-15T01:50:00Z' });
    await entry(orgA, site.id, { staff_id: wang.id, verdict: 'refuse', reasons: [overdue], at: '2026-03-15T01:55:00Z' });
    const after = (await as(reader).get(`${sites}/${site.id}/on-site`)).json();
    expect(after.data.map((w: { staff_id: number }) => w.staff_id)).toEqual([chen.id]);
    expect(after.counts).toEqual({ scans: 8, admitted: 5, refused: 3, overridden: 1 });
    // Another site of the organization with nobody in it today but the overridden scan.
    const other = (await as(reader).get(`${sites}/${site2.id}/on-site`)).json();
    expect(other.counts).toEqual({ scans: 1, admitted: 1, refused: 0, overridden: 1 });
  });
});

describe('the attendance workbook', () => {
  it('writes one row per day and worker, streamed, audited and never cached', async () => {
    const res = await as(director).get(`${sites}/${site.id}/attendance.xlsx?from=${YESTERDAY}&to=${TODAY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`出工紀錄-${site.name}-${YESTERDAY}_${TODAY}.xlsx`));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      '日期 Day',
      '日期（民國）Day (ROC)',
      '人員 Staff',
      '公司 Company',
      '職稱 Job title',
      '工地角色 Site role',
      '首次進場 First in',
      '最後離場 Last out',
      '進出次數 Entries',
      '主任放行 Overridden',
      '拒絕次數 Refused scans',
      '拒絕原因 Refusal reasons',
    ]);
    const rows: unknown[][] = [];
    ws.eachRow((row, n) => {
      if (n > 1) rows.push(Array.from({ length: 12 }, (_, i) => row.getCell(i + 1).value ?? null));
    });
    const sorted = rows.sort((a, b) => `${a[0]}${a[2]}`.localeCompare(`${b[0]}${b[2]}`));
    expect(sorted).toEqual([
      [YESTERDAY, '115/03/14', '王小明', '大安營造', '領班', 'foreman', '07:00', '17:00', 2, '否 No', 0, null],
      [TODAY, '115/03/15', '李大華', '宏達水電', 'Worker', 'worker', '08:00', '09:00', 2, '否 No', 0, null],
      // 王小明 today: in at 07:30, out at 09:50, then refused once (the earlier test's scans).
      [TODAY, '115/03/15', '王小明', '大安營造', '領班', 'foreman', '07:30', '09:50', 2, '否 No', 1, expect.stringContaining('健康檢查')],
      [TODAY, '115/03/15', '陳三', '大安營造', 'Worker', 'worker', '08:10', null, 1, '是 Yes', 1, expect.stringContaining('健康檢查')],
    ]);
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'target_id', 'after'])
      .where('target_type', '=', 'site')
      .where('action', '=', 'export')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].target_id).toBe(String(site.id));
    expect(JSON.parse(String(audit[0].after))).toMatchObject({ kind: 'attendance', from: YESTERDAY, to: TODAY });
  });

  it('takes at most 92 days, `to` not before `from`, and real days', async () => {
    const get = (q: string) => as(reader).get(`${sites}/${site.id}/attendance.xlsx?${q}`);
    const ok = await get('from=2026-01-01&to=2026-04-02');
    expect(ok.statusCode, ok.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(ok.rawPayload as never);
    // New Year's day, yesterday and today.
    expect(wb.worksheets[0].rowCount).toBe(1 + 1 + 1 + 3);

    const cases: [string, string, string][] = [
      ['from=2026-01-01&to=2026-04-03', 'to', 'validate.error.invalid'],
      ['from=2026-03-15&to=2026-03-14', 'to', 'validate.error.ends_before_starts'],
      ['from=2026-02-30&to=2026-03-01', 'from', 'validate.error.invalid'],
      ['from=2026-03-01', 'to', ''],
    ];
    for (const [q, field, key] of cases) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(400);
      const errors = res.json().errors[field];
      expect(errors, q).toBeDefined();
      if (key) expect(errors, q).toEqual([key]);
    }
  });
});

describe('the overrides feed', () => {
  it("answers the organization's latest overrides, newest first, with their site, never cached", async () => {
    const res = await as(reader).get(overrides);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data.map((e: { id: number; site_name: string }) => [e.id, e.site_name])).toEqual([
      [ids.site2Override, '內湖廠房'],
      [ids.chenOverridden, '信義區住宅新建工程'],
    ]);
    expect((await as(director).get(`${overrides}?limit=1`)).json().data).toHaveLength(1);
    expect((await as(director).get(`${overrides}?limit=51`)).statusCode).toBe(400);
    expect((await as(director).get(`${overrides}?limit=0`)).statusCode).toBe(400);
    expect((await as(adminB).get(overrides)).json().data.map((e: { id: number }) => e.id)).toEqual([ids.orgBOverride]);
  });
});

describe('who may read the entry log', () => {
  const routes = (siteId: number) => [
    `${sites}/${siteId}/entries`,
    `${sites}/${siteId}/on-site`,
    `${sites}/${siteId}/attendance.xlsx?from=${TODAY}&to=${TODAY}`,
  ];

  it('answers the gate keeper 403 on every route, and nobody signed in 401', async () => {
    for (const url of [...routes(site.id), overrides]) {
      expect((await as(gateKeeper).get(url)).statusCode, url).toBe(403);
      expect((await as().get(url)).statusCode, url).toBe(401);
    }
  });

  it("answers another organization's admin 404 on a site's routes, and an unknown site 404", async () => {
    for (const url of [...routes(site.id), ...routes(999_999)]) expect((await as(adminB).get(url)).statusCode, url).toBe(404);
    for (const url of routes(siteB.id)) expect((await as(adminA.token).get(url)).statusCode, url).toBe(404);
    // The 404 comes before the range check: nothing of another organization's site is told.
    expect((await as(adminB).get(`${sites}/${site.id}/attendance.xlsx?from=2026-01-01&to=2026-12-31`)).statusCode).toBe(404);
  });

  it('lets the admin, the site director and staff readers in', async () => {
    for (const tk of [adminA.token, director, reader])
      for (const url of [...routes(site.id), overrides]) {
        expect((await as(tk).get(url)).statusCode, url).toBe(200);
      }
  });
});
