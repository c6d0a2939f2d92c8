import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { AUDIT_LOG_COUNT_CAP } from './audit-log.repository.ts';

let t: TestApp;
let superToken: string;
let baseToken: string;
let sa: { id: number; email: string };
let org: { id: number; name: string; company_id: string | null };

const insert = (rows: Partial<Record<string, unknown>>[]) =>
  t.db
    .insertInto('audit_logs')
    .values(
      rows.map((r) => ({
        actor_id: null,
        impersonator_id: null,
        organization_id: null,
        action: 'seed',
        target_type: 'thing',
        target_id: null,
        before: null,
        after: null,
        ip: '127.0.0.1',
        user_agent: 'vitest',
        created_at: new Date().toISOString(),
        ...r,
      })) as any,
    )
    .execute();

const allIds = async () => (await t.db.selectFrom('audit_logs').select('id').orderBy('id', 'desc').execute()).map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'], name: 'Root' });
  sa = admin;
  superToken = await login(t.app, admin);
  baseToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BASE'] }));
  org = await buildOrganization(t.db, { name: 'North Site', company_id: '12345678' });
  await insert([
    {
      actor_id: admin.id,
      organization_id: org.id,
      action: 'update',
      target_type: 'staff',
      target_id: '42',
      before: '{"name":"A"}',
      after: '{"name":"B"}',
    },
    { actor_id: admin.id, action: 'delete', target_type: 'photo', target_id: '7' },
    { action: 'create', target_type: 'staff', target_id: '43', user_agent: '=HYPERLINK("http://evil")', after: '{"note":"+1 cmd"}' },
    { action: 'dated', target_type: 'clock', created_at: '2026-01-01T15:59:59.999Z' }, // Taipei 2026-01-01 23:59:59.999
    { action: 'dated', target_type: 'clock', created_at: '2026-01-01T16:00:00.000Z' }, // Taipei 2026-01-02 00:00
    { action: 'dated', target_type: 'clock', created_at: '2026-01-02T15:59:59.999Z' }, // Taipei 2026-01-02 23:59:59.999
    { action: 'dated', target_type: 'clock', created_at: '2026-01-02T16:00:00.000Z' }, // Taipei 2026-01-03
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('audit log access', () => {
  it('refuses a ROLE_BASE admin on every audit-log call', async () => {
    for (const url of ['/api/admin/audit-log/index', '/api/admin/audit-log/1', '/api/admin/audit-log/export?format=csv']) {
      const res = await api(t.app, baseToken).get(url);
      expect(res.statusCode, url).toBe(403);
      // Issue 26: the refusal also names the role that would do and who grants it.
      expect(res.json()).toEqual({
        message: 'User permission denied',
        key: 'permission.role_missing',
        required_roles: ['ROLE_SUPER_ADMIN'],
        granted_by: ['ROLE_SUPER_ADMIN'],
      });
    }
    expect((await api(t.app, baseToken).delete('/api/admin/audit-log/1')).statusCode).toBe(403);
  });

  it('refuses a call without a token', async () => {
    const res = await api(t.app).get('/api/admin/audit-log/index');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid token' });
  });
});

describe('audit log list', () => {
  it('lists newest first with actor, organization and parsed before/after', async () => {
    const res = await api(t.app, superToken).get('/api/admin/audit-log/index?action=update&target_type=staff');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, per_page: 20, total: 1, last_page: 1, total_capped: false });
    expect(body.data[0]).toMatchObject({
      actor_id: sa.id,
      actor: { id: sa.id, email: sa.email, name: 'Root' },
      impersonator_id: null,
      impersonator: null,
      organization_id: org.id,
      organization: { id: org.id, name: 'North Site', company_id: '12345678' },
      action: 'update',
      target_type: 'staff',
      target_id: '42',
      before: { name: 'A' },
      after: { name: 'B' },
      ip: '127.0.0.1',
    });
    const all = (await api(t.app, superToken).get('/api/admin/audit-log/index?per_page=100')).json();
    const ids = all.data.map((d: any) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.meta.total).toBe((await allIds()).length);
  });

  it('walks every page without overlap or gap, in both orders', async () => {
    const expected = await allIds();
    for (const order of ['desc', 'asc'] as const) {
      const seen: number[] = [];
      const first = (await api(t.app, superToken).get(`/api/admin/audit-log/index?per_page=3&order=${order}`)).json();
      expect(first.meta.total).toBe(expected.length);
      expect(first.meta.last_page).toBe(Math.ceil(expected.length / 3));
      for (let p = 1; p <= first.meta.last_page; p++) {
        const page = (await api(t.app, superToken).get(`/api/admin/audit-log/index?per_page=3&order=${order}&page=${p}`)).json();
        seen.push(...page.data.map((d: any) => d.id));
      }
      expect(seen).toEqual(order === 'desc' ? expected : [...expected].reverse());
    }
  });

  it('filters by actor, action, target, organization and keyword', async () => {
    const q = async (qs: string) =>
      (await api(t.app, superToken).get(`/api/admin/audit-log/index?${qs}`))
        .json()
        .data.map((d: any) => `${d.action}:${d.target_type}:${d.target_id}`);
    expect(await q(`actor_id=${sa.id}&target_type=photo`)).toEqual(['delete:photo:7']);
    expect(await q('target_type=staff')).toEqual(['create:staff:43', 'update:staff:42']);
    expect(await q('target_id=43')).toEqual(['create:staff:43']);
    expect(await q(`organization_id=${org.id}`)).toEqual(['update:staff:42']);
    expect(await q('keyword=PHOT')).toEqual(['delete:photo:7']);
    expect(await q('keyword=%25')).toEqual([]);
  });

  it('filters by an organization deleted since, in the list and the export (a filter, not the acting organization)', async () => {
    const gone = await buildOrganization(t.db, { name: 'Closed Site' });
    await insert([
      { actor_id: sa.id, organization_id: gone.id, action: 'delete', target_type: 'organization', target_id: String(gone.id) },
    ]);
    await t.db.deleteFrom('organizations').where('id', '=', gone.id).execute();
    const res = await api(t.app, superToken).get(`/api/admin/audit-log/index?organization_id=${gone.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: any) => [d.action, d.organization_id, d.organization])).toEqual([['delete', gone.id, null]]);
    const csv = await api(t.app, superToken).get(`/api/admin/audit-log/export?format=csv&organization_id=${gone.id}`);
    expect(csv.statusCode).toBe(200);
    // The header, the one entry, then the chain's head and latest anchor (scripts/verify-audit-export.mjs).
    expect(csv.body.trim().split('\r\n')).toHaveLength(4);
    const me = await api(t.app, superToken).get('/api/admin/account/profile');
    expect(me.json().organization_id).toBeNull();
    await t.db.deleteFrom('audit_logs').where('organization_id', '=', gone.id).execute();
  });

  it('reads date_from and date_to as whole Asia/Taipei days, both inclusive', async () => {
    const q = async (qs: string) =>
      (await api(t.app, superToken).get(`/api/admin/audit-log/index?action=dated&order=asc&${qs}`))
        .json()
        .data.map((d: any) => d.created_at);
    expect(await q('date_from=2026-01-02&date_to=2026-01-02')).toEqual(['2026-01-01T16:00:00.000Z', '2026-01-02T15:59:59.999Z']);
    expect(await q('date_to=2026-01-01')).toEqual(['2026-01-01T15:59:59.999Z']);
    expect(await q('date_from=2026-01-02T16:00:00Z')).toEqual(['2026-01-02T16:00:00.000Z']);
    const bad = await api(t.app, superToken).get('/api/admin/audit-log/index?date_from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['date_from']);
  });

  it('sorts by an allow-listed column and refuses any other with 400', async () => {
    const res = await api(t.app, superToken).get('/api/admin/audit-log/index?sort=action&order=asc&per_page=100');
    const actions = res.json().data.map((d: any) => d.action);
    expect(actions).toEqual([...actions].sort());
    for (const sort of ['password_hash', 'id;drop table audit_logs', 'before']) {
      const bad = await api(t.app, superToken).get(`/api/admin/audit-log/index?sort=${encodeURIComponent(sort)}`);
      expect(bad.statusCode, sort).toBe(400);
      expect(bad.json().errors.sort).toBeDefined();
    }
  });

  it('refuses per_page above 100 and page 0', async () => {
    for (const qs of ['per_page=101', 'page=0', 'per_page=abc']) {
      const res = await api(t.app, superToken).get(`/api/admin/audit-log/index?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message).toBe('Bad Request');
    }
  });

  it('answers a page past the end with no data and the real meta, filtered or not', async () => {
    const total = (await allIds()).length;
    const res = (await api(t.app, superToken).get('/api/admin/audit-log/index?page=999&per_page=10')).json();
    expect(res).toEqual({ data: [], meta: { page: 999, per_page: 10, total, last_page: Math.ceil(total / 10), total_capped: false } });
    const filtered = (await api(t.app, superToken).get('/api/admin/audit-log/index?target_type=staff&page=5')).json();
    expect(filtered).toEqual({ data: [], meta: { page: 5, per_page: 20, total: 2, last_page: 1, total_capped: false } });
  });

  it('counts a large filtered set exactly up to the cap and says so beyond it', async () => {
    const rows = Array.from({ length: AUDIT_LOG_COUNT_CAP + 5 }, (_, i) => ({ action: 'bulk', target_id: String(i) }));
    for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
    const res = (await api(t.app, superToken).get('/api/admin/audit-log/index?action=bulk&per_page=100&page=3')).json();
    expect(res.meta).toEqual({
      page: 3,
      per_page: 100,
      total: AUDIT_LOG_COUNT_CAP,
      last_page: AUDIT_LOG_COUNT_CAP / 100,
      total_capped: true,
    });
    expect(res.data).toHaveLength(100);
    expect(res.data[0].target_id).toBe(String(AUDIT_LOG_COUNT_CAP + 5 - 201));
  });
});

describe('audit log entry', () => {
  it('reads one entry and answers 404 for an unknown id', async () => {
    const [id] = await allIds();
    const res = await api(t.app, superToken).get(`/api/admin/audit-log/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(id);
    expect((await api(t.app, superToken).get('/api/admin/audit-log/99999999')).statusCode).toBe(404);
  });

  it('refuses create, update, patch, delete and their batch forms with 405 and changes nothing', async () => {
    const [id] = await allIds();
    const before = await t.db.selectFrom('audit_logs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const count = (await allIds()).length;
    const calls = [
      () => api(t.app, superToken).post('/api/admin/audit-log', { action: 'forged', target_type: 'x' }),
      () => api(t.app, superToken).put(`/api/admin/audit-log/${id}`, { action: 'forged' }),
      () => api(t.app, superToken).patch(`/api/admin/audit-log/${id}`, { field: 'action', value: 'forged' }),
      () => api(t.app, superToken).patch('/api/admin/audit-log/batch', { ids: [id], field: 'action', value: 'forged' }),
      () => api(t.app, superToken).delete(`/api/admin/audit-log/${id}`),
      () => api(t.app, superToken).delete('/api/admin/audit-log/batch', { ids: [id] }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(405);
      expect(res.json()).toEqual({ message: 'Method Not Allowed' });
      expect(res.headers.allow).toBe('GET');
    }
    expect(await t.db.selectFrom('audit_logs').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect((await allIds()).length).toBe(count);
  });
});

describe('audit log export', () => {
  it('streams the filtered entries as CSV with a BOM and neutralized formulas', async () => {
    const res = await api(t.app, superToken).get('/api/admin/audit-log/export?format=csv&target_type=staff');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{8}-\d{6}\.csv"$/);
    expect(res.body.startsWith('\uFEFFid,created_at,actor_id')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    const head = await t.db.selectFrom('audit_chain_head').selectAll().executeTakeFirstOrThrow();
    expect(lines[3]).toBe(`#chain_head,${head.last_id},${head.last_hash},${head.entries}`);
    expect(lines[4]).toMatch(/^#last_anchor,/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain('"{""note"":""+1 cmd""}"');
    expect(lines[2]).toContain(`${org.id},North Site,update,staff,42`);
  });

  it('streams an xlsx workbook that Excel opens as text cells', async () => {
    const res = await api(t.app, superToken).get('/api/admin/audit-log/export?format=xlsx&target_type=staff&order=asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(1).getCell(1).value).toBe('id');
    expect(ws.getRow(2).getCell(12).value).toBe('42');
    expect(ws.getRow(3).getCell(16).value).toBe(`'=HYPERLINK("http://evil")`);
  });

  it('refuses an unknown format', async () => {
    expect((await api(t.app, superToken).get('/api/admin/audit-log/export?format=pdf')).statusCode).toBe(400);
  });
});
