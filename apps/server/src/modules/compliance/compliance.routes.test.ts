import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '@bo/shared/dates';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { buildStaff, upload } from '../staff/staff.test-helpers.ts';
import { rosterTemplate } from '../staff-excel/staff-excel.fixtures.ts';
import { buildContractor, buildDueItem, buildRoster, buildSite } from './compliance.test-helpers.ts';

/** Issue 38 part 5: the dashboards over due items the tests write directly (the recompute writes them in the product). */
const TODAY = '2026-12-02';
const O = '/api/admin/organization/compliance';

let t: TestApp;
let orgA: { id: number; name: string };
let orgB: { id: number; name: string };
let north: { id: number };
let south: { id: number };
let siteB: { id: number };
let contractor: { id: number };
let adminA: string;
let readerA: string;
let plainMemberA: string;
let adminB: string;
let safetyOfficer: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T09:00:00+08:00`) });
  t = await createTestApp();
  orgA = await buildOrganization(t.db, { name: 'Org A' });
  orgB = await buildOrganization(t.db, { name: 'Org B' });
  north = await buildSite(t.db, orgA.id, '北區工地');
  south = await buildSite(t.db, orgA.id, '南區工地');
  siteB = await buildSite(t.db, orgB.id, 'B 工地');
  contractor = await buildContractor(t.db, orgA.id, '大明營造');

  const onSite = async (orgId: number, siteId: number, name: string, national_id: string | null = null) => {
    const staff = await buildStaff(t.db, orgId, { name, national_id }, t.config);
    const roster = await buildRoster(t.db, orgId, siteId, staff.id);
    return { organization_id: orgId, site_id: siteId, roster_id: roster.id, staff_id: staff.id };
  };
  const w1 = await onSite(orgA.id, north.id, '王小明');
  await t.db.updateTable('staff').set({ contractor_id: contractor.id }).where('id', '=', w1.staff_id).execute();
  const c = { contractor_id: contractor.id };
  await buildDueItem(t.db, w1, { ...c, rule_key: 'general-training', state: 'missing', reason_key: 'compliance.reason.no_training' });
  await buildDueItem(t.db, w1, {
    ...c,
    rule_key: 'health-check',
    state: 'dated',
    due_on: addDays(TODAY, 10),
    window_opens_on: addDays(TODAY, -20),
    reason_params: { months: 12 },
  });
  await buildDueItem(t.db, w1, { ...c, rule_key: 'insurance', state: 'satisfied' });
  const w2 = await onSite(orgA.id, north.id, '李大華');
  await buildDueItem(t.db, w2, { rule_key: 'health-check', state: 'dated', due_on: addDays(TODAY, -1) });
  await buildDueItem(t.db, w2, { rule_key: 'general-training', state: 'satisfied' });
  const w3 = await onSite(orgA.id, south.id, '陳美麗', 'A123456789');
  await buildDueItem(t.db, w3, { rule_key: 'health-check', state: 'dated', due_on: addDays(TODAY, 75) });
  const w4 = await onSite(orgA.id, south.id, '林志明');
  await buildDueItem(t.db, w4, { rule_key: 'general-training', state: 'satisfied' });
  const wb = await onSite(orgB.id, siteB.id, 'B 工人');
  await buildDueItem(t.db, wb, { rule_key: 'general-training', state: 'missing' });

  // Organization A's own rule: its words come from its definition (the pack knows no 'health-check').
  await t.db
    .insertInto('compliance_rules')
    .values({
      organization_id: orgA.id,
      rule_key: 'health-check',
      source: 'custom',
      enabled: 1,
      definition: JSON.stringify({
        title: { 'zh-TW': '公司健檢', 'en-US': 'Company health check' },
        citation: { text: { 'zh-TW': '公司規定', 'en-US': 'Company rule' }, laws: [{ law: '公司規定', article: null }] },
      }),
      reason: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .execute();

  adminA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), {
    organizationId: orgA.id,
  });
  readerA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }), {
    organizationId: orgA.id,
  });
  plainMemberA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: [] } }), { organizationId: orgA.id });
  adminB = await login(t.app, await buildAdmin(t.db, { memberships: { [orgB.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), {
    organizationId: orgB.id,
  });
  safetyOfficer = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_STAFF'] }));
});
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});

const names = (res: { json(): { data: { staff: { name: string } }[] } }) => res.json().data.map((w) => w.staff.name);
const zero = { overdue: 0, missing: 0, cannot_tell: 0, due_30: 0, due_60: 0, due_90: 0, ok: 0 };

describe('organization compliance summary', () => {
  it('counts the due items by status on the Taipei day, by site and by rule', async () => {
    const res = await api(t.app, readerA).get(`${O}/summary`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.today).toBe(TODAY);
    expect(body.roster_count).toBe(4);
    expect(body.counts).toEqual({ ...zero, overdue: 1, missing: 1, due_30: 1, due_90: 1, ok: 3 });
    expect(body.sites).toHaveLength(2);
    expect(body.sites).toEqual(
      expect.arrayContaining([
        { id: south.id, name: '南區工地', counts: { ...zero, due_90: 1, ok: 1 } },
        { id: north.id, name: '北區工地', counts: { ...zero, overdue: 1, missing: 1, due_30: 1, ok: 2 } },
      ]),
    );
    expect(body.rules.map((r: { rule_key: string }) => r.rule_key)).toEqual(['general-training', 'health-check', 'insurance']);
    expect(body.contractors).toEqual([{ id: contractor.id, name: '大明營造' }]);
    expect(body.rules[1].title).toEqual({ 'zh-TW': '公司健檢', 'en-US': 'Company health check' });
    expect(body.rules[2].title).toBeNull();
    expect(body.rules[1].counts).toEqual({ ...zero, overdue: 1, due_30: 1, due_90: 1 });
  });

  it('narrows to a site, a contractor or a rule', async () => {
    const site = (await api(t.app, adminA).get(`${O}/summary?site_id=${south.id}`)).json();
    expect(site.sites.map((s: { id: number }) => s.id)).toEqual([south.id]);
    expect(site.roster_count).toBe(2);
    expect(site.counts).toEqual({ ...zero, due_90: 1, ok: 1 });
    const byContractor = (await api(t.app, adminA).get(`${O}/summary?contractor_id=${contractor.id}`)).json();
    expect(byContractor.counts).toEqual({ ...zero, missing: 1, due_30: 1, ok: 1 });
    const byRule = (await api(t.app, adminA).get(`${O}/summary?rule_key=general-training`)).json();
    expect(byRule.counts).toEqual({ ...zero, missing: 1, ok: 2 });
  });

  it('moves with the day: 16 days on, the 10-day item is overdue and the 75-day one due within 60', async () => {
    vi.setSystemTime(new Date(`${addDays(TODAY, 16)}T09:00:00+08:00`));
    try {
      const reader = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }), {
        organizationId: orgA.id,
      });
      const body = (await api(t.app, reader).get(`${O}/summary?rule_key=health-check`)).json();
      expect(body.today).toBe(addDays(TODAY, 16));
      expect(body.counts).toEqual({ ...zero, overdue: 2, due_60: 1 });
    } finally {
      vi.setSystemTime(new Date(`${TODAY}T09:00:00+08:00`));
    }
  });
});

describe('organization compliance items', () => {
  it('lists the workers with what they lack, worst first, without the ones who lack nothing', async () => {
    const res = await api(t.app, readerA).get(`${O}/items`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(res)).toEqual(['李大華', '王小明', '陳美麗']);
    expect(body.meta).toEqual({ page: 1, per_page: 20, total: 3, last_page: 1 });
    const w1 = body.data[1];
    expect(w1).toMatchObject({
      staff: { name: '王小明', company: '大明營造' },
      site: { id: north.id, name: '北區工地' },
      site_role: 'worker',
    });
    expect(w1.worst_status).toBe('missing');
    expect(w1.items).toEqual([
      expect.objectContaining({
        rule_key: 'general-training',
        status: 'missing',
        due_on: null,
        reason_key: 'compliance.reason.no_training',
      }),
      expect.objectContaining({
        rule_key: 'health-check',
        title: { 'zh-TW': '公司健檢', 'en-US': 'Company health check' },
        citation: { 'zh-TW': '公司規定', 'en-US': 'Company rule' },
        status: 'due_30',
        due_on: addDays(TODAY, 10),
        window_opens_on: addDays(TODAY, -20),
        reason_params: { months: 12 },
      }),
    ]);
    expect(body.data[0].worst_status).toBe('overdue');
  });

  it('filters by status, site, contractor, rule and name; never finds a national ID', async () => {
    const get = async (q: string) => names(await api(t.app, adminA).get(`${O}/items?${q}`));
    expect(await get('status=ok')).toEqual(expect.arrayContaining(['王小明', '李大華', '林志明']));
    expect(
      (await api(t.app, adminA).get(`${O}/items?status=ok`)).json().data.every((w: { worst_status: string }) => w.worst_status === 'ok'),
    ).toBe(true);
    expect(await get('status=due_90')).toEqual(['陳美麗']);
    expect(await get(`site_id=${south.id}`)).toEqual(['陳美麗']);
    expect(await get(`contractor_id=${contractor.id}`)).toEqual(['王小明']);
    expect(await get('rule_key=general-training')).toEqual(['王小明']);
    expect(await get(`keyword=${encodeURIComponent('小明')}`)).toEqual(['王小明']);
    expect(await get('keyword=A123456789')).toEqual([]);
  });

  it('pages and sorts', async () => {
    const page2 = (await api(t.app, adminA).get(`${O}/items?per_page=1&page=2`)).json();
    expect(page2.data.map((w: { staff: { name: string } }) => w.staff.name)).toEqual(['王小明']);
    expect(page2.meta).toEqual({ page: 2, per_page: 1, total: 3, last_page: 3 });
    expect(names(await api(t.app, adminA).get(`${O}/items?sort=due_on&order=asc`))).toEqual(['李大華', '王小明', '陳美麗']);
    expect(names(await api(t.app, adminA).get(`${O}/items?sort=worst&order=asc`))).toEqual(['陳美麗', '王小明', '李大華']);
  });

  it('answers bad filters with 400 and their keys, never 500', async () => {
    for (const [q, field] of [
      ['status=late', 'status'],
      ['site_id=abc', 'site_id'],
      ['site_id=0', 'site_id'],
      ['contractor_id=1e3', 'contractor_id'],
      ['rule_key=Bad%20Key!', 'rule_key'],
      ['per_page=1000', 'per_page'],
      ['sort=secret', 'sort'],
    ] as const) {
      const res = await api(t.app, adminA).get(`${O}/items?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors[field], q).toEqual([expect.stringMatching(/^validate\.error\./)]);
    }
    const summary = await api(t.app, adminA).get(`${O}/summary?site_id=-1`);
    expect(summary.statusCode).toBe(400);
  });
});

describe('compliance access', () => {
  it("another organization's admin gets 404 for this organization's site or contractor, and sees only their own", async () => {
    expect((await api(t.app, adminB).get(`${O}/summary?site_id=${north.id}`)).statusCode).toBe(404);
    expect((await api(t.app, adminB).get(`${O}/items?site_id=${north.id}`)).statusCode).toBe(404);
    expect((await api(t.app, adminB).get(`${O}/items?contractor_id=${contractor.id}`)).statusCode).toBe(404);
    expect((await api(t.app, adminB).get(`${O}/export?site_id=${north.id}`)).statusCode).toBe(404);
    // Naming organization A as the one to act in is refused: B's admin is no member of it.
    expect((await api(t.app, adminB).get(`${O}/summary?organization_id=${orgA.id}`)).statusCode).toBe(403);
    const own = await api(t.app, adminB).get(`${O}/items`);
    expect(names(own)).toEqual(['B 工人']);
    expect((await api(t.app, adminB).get(`${O}/summary`)).json().counts).toEqual({ ...zero, missing: 1 });
  });

  it('a member without a staff role is refused; nobody signed in is 401', async () => {
    expect((await api(t.app, plainMemberA).get(`${O}/summary`)).statusCode).toBe(403);
    expect((await api(t.app, plainMemberA).get(`${O}/items`)).statusCode).toBe(403);
    expect((await api(t.app).get(`${O}/summary`)).statusCode).toBe(401);
  });

  it("an organization's admin cannot read across organizations", async () => {
    expect((await api(t.app, adminA).get('/api/admin/compliance/summary')).statusCode).toBe(403);
    expect((await api(t.app, adminA).get('/api/admin/compliance/items')).statusCode).toBe(403);
  });
});

describe('compliance across organizations', () => {
  it('the company-wide safety officer reads every organization, each row with its organization, and filters one', async () => {
    const all = (await api(t.app, safetyOfficer).get('/api/admin/compliance/summary')).json();
    expect(all.counts).toEqual({ ...zero, overdue: 1, missing: 2, due_30: 1, due_90: 1, ok: 3 });
    expect(all.sites).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: siteB.id, organization: { id: orgB.id, name: 'Org B' } })]),
    );
    const onlyB = (await api(t.app, safetyOfficer).get(`/api/admin/compliance/summary?organization_id=${orgB.id}`)).json();
    expect(onlyB.counts).toEqual({ ...zero, missing: 1 });
    const items = (await api(t.app, safetyOfficer).get('/api/admin/compliance/items?status=missing')).json();
    expect(
      items.data.map((w: { organization: { name: string }; staff: { name: string } }) => [w.organization.name, w.staff.name]).sort(),
    ).toEqual([
      ['Org A', '王小明'],
      ['Org B', 'B 工人'],
    ]);
    const itemsA = (await api(t.app, safetyOfficer).get(`/api/admin/compliance/items?organization_id=${orgA.id}`)).json();
    expect(itemsA.meta.total).toBe(3);
  });
});

describe('compliance export', () => {
  it('streams the filtered list as a workbook, one line per item', async () => {
    const res = await api(t.app, readerA).get(`${O}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`compliance-${TODAY}.xlsx`);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const ws = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(expect.arrayContaining(['工地 Site', '人員 Staff', '狀態 Status', '原因 Reason']));
    expect(rows).toHaveLength(5);
    expect(rows[1]!.slice(0, 2)).toEqual(['北區工地', '李大華']);
    const w1Due = rows.find((r) => r[1] === '王小明' && r[4] === '公司健檢 Company health check')!;
    expect(w1Due).toEqual(expect.arrayContaining(['大明營造', '30 天內到期 Due in 30 days', addDays(TODAY, 10), '115/12/12']));
    const onlySouth = await api(t.app, readerA).get(`${O}/export?site_id=${south.id}&status=due_90`);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(onlySouth.rawPayload as any);
    expect(wb2.worksheets[0]!.rowCount).toBe(2);
  });

  it("fills the organization's own staff template through its compliance cells, one roster row per item", async () => {
    const cells = [
      { cell: 'A3', type: 'field', field: 'seq' },
      { cell: 'B3', type: 'compliance', field: 'worker_name' },
      { cell: 'C3', type: 'compliance', field: 'site' },
      { cell: 'D3', type: 'compliance', field: 'company' },
      { cell: 'E3', type: 'compliance', field: 'rule' },
      { cell: 'F3', type: 'compliance', field: 'status' },
      { cell: 'G3', type: 'compliance', field: 'due_on' },
      { cell: 'H3', type: 'compliance', field: 'due_on_roc' },
      { cell: 'I3', type: 'compliance', field: 'window_opens_on' },
      { cell: 'J3', type: 'compliance', field: 'citation' },
      { cell: 'K3', type: 'compliance', field: 'site_role' },
      { cell: 'L3', type: 'compliance', field: 'reason' },
    ];
    const created = await upload(
      t.app,
      adminA,
      '/api/admin/organization/staff-excel',
      { name: '法遵名冊', layout: 'roster', start_row: '3', cells: JSON.stringify(cells) },
      { name: 'roster.xlsx', data: await rosterTemplate(), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;

    const res = await api(t.app, readerA).get(`${O}/export?template_id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(`法遵名冊-${TODAY}.xlsx`);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const ws = wb.worksheets[0]!;
    // The template's own heading and header row stay; its footer moves below the four items.
    expect(ws.getCell('A1').value).toBe('進場人員名冊');
    expect(ws.getCell('B2').value).toBe('姓名');
    const line = (r: number) => ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'K'].map((c) => ws.getCell(`${c}${r}`).value ?? null);
    expect(line(3).slice(0, 3)).toEqual(['1', '李大華', '北區工地']);
    const wangDue = [3, 4, 5, 6].map(line).find((l) => l[1] === '王小明' && l[4] === '公司健檢 Company health check');
    expect(wangDue).toEqual([
      expect.any(String),
      '王小明',
      '北區工地',
      '大明營造',
      '公司健檢 Company health check',
      '30 天內到期 Due in 30 days',
      addDays(TODAY, 10),
      '115/12/12',
      addDays(TODAY, -20),
      'worker',
    ]);
    expect(ws.getCell('J3').value).toBeTruthy();
    expect([3, 4, 5, 6].map((r) => ws.getCell(`B${r}`).value)).toEqual(expect.arrayContaining(['陳美麗']));
    expect(ws.getCell('A8').value).toBe('製表：');
    // Only organization A's items, filtered as the list is.
    const south = await api(t.app, readerA).get(`${O}/export?template_id=${id}&status=due_90`);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(south.rawPayload as any);
    expect(wb2.worksheets[0]!.getCell('B3').value).toBe('陳美麗');
    expect(wb2.worksheets[0]!.getCell('B4').value ?? null).toBeNull();
  });

  it("answers 404 for another organization's template and 400 for a malformed one", async () => {
    const created = await upload(
      t.app,
      adminB,
      '/api/admin/organization/staff-excel',
      { name: 'B', layout: 'roster', start_row: '3', cells: JSON.stringify([{ cell: 'B3', type: 'compliance', field: 'site' }]) },
      { name: 'b.xlsx', data: await rosterTemplate(), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    );
    expect(created.statusCode, created.body).toBe(200);
    expect((await api(t.app, readerA).get(`${O}/export?template_id=${created.json().id}`)).statusCode).toBe(404);
    const unknownField = await upload(
      t.app,
      adminA,
      '/api/admin/organization/staff-excel',
      { name: 'X', layout: 'roster', start_row: '3', cells: JSON.stringify([{ cell: 'B3', type: 'compliance', field: 'national_id' }]) },
      { name: 'x.xlsx', data: await rosterTemplate(), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    );
    expect(unknownField.statusCode).toBe(400);
    expect(Object.keys(unknownField.json().errors)).toEqual(['cells.0.field']);
    const bad = await api(t.app, readerA).get(`${O}/export?template_id=abc`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['template_id']);
  });
});

describe('the dashboards’ kept answers', () => {
  it('answers again from the data once a change it shows is saved: a new subcontractor, a new site', async () => {
    const summaryB = async () => (await api(t.app, adminB).get(`${O}/summary`)).json();
    const first = await summaryB();
    expect(await summaryB()).toEqual(first);
    const added = await api(t.app, adminB).post('/api/admin/organization/contractors', { name: '新興工程行' });
    expect(added.statusCode, added.body).toBe(200);
    expect((await summaryB()).contractors.map((c: { name: string }) => c.name)).toContain('新興工程行');
    const site = await api(t.app, adminB).post('/api/admin/organization/sites', { name: '新工地' });
    expect(site.statusCode, site.body).toBe(200);
    expect((await summaryB()).sites.map((s: { name: string }) => s.name)).toContain('新工地');
    // Organization A's answer is its own, and unchanged by B's saves.
    expect((await api(t.app, readerA).get(`${O}/summary`)).json().contractors).toEqual([{ id: contractor.id, name: '大明營造' }]);
  });
});
