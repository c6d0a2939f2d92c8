import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAgentSummary } from '../../lib/context/audit-labels.ts';
import { systemContexts } from '../../lib/context/request-context.ts';
import { labelPrefix } from './audit-log.repository.ts';
import { api, buildAdmin, buildOrganization, createTestApp, login, testDialect, type TestApp } from '../../../test/helpers.ts';

/** Issue 13 part 7: the target's display name, recorded when the entry is written (migration 0078). */
let t: TestApp;
let superToken: string;
let writerToken: string;
let org: { id: number };

const STAFF = '/api/admin/organization/staff';
const ORGS = '/api/admin/admin-organization';

/** The newest entry of `action` on the target, read back through the API. */
async function entryOf(targetType: string, targetId: number | string, action: string) {
  const res = await api(t.app, superToken).get(
    `/api/admin/audit-log/index?target_type=${targetType}&target_id=${targetId}&action=${action}&per_page=1`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const [entry] = res.json().data;
  expect(entry, `${targetType} #${targetId} ${action}`).toBeDefined();
  return entry;
}

beforeAll(async () => {
  t = await createTestApp();
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'], name: 'Root' }));
  org = await buildOrganization(t.db, { name: 'Label Site' });
  writerToken = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
    organizationId: org.id,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('audit target label', () => {
  it('records an admin as "name <email>" on create, update and delete (from the before snapshot)', async () => {
    const created = await api(t.app, superToken).post('/api/admin/admin', { email: 'mei@example.com', name: 'Mei', roles: ['ROLE_BASE'] });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect((await entryOf('admin', id, 'create')).target_label).toBe('Mei <mei@example.com>');

    const put = await api(t.app, superToken).put(`/api/admin/admin/${id}`, {
      email: 'mei@example.com',
      name: 'Mei Lin',
      roles: ['ROLE_BASE'],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await entryOf('admin', id, 'update')).target_label).toBe('Mei Lin <mei@example.com>');

    expect((await api(t.app, superToken).delete(`/api/admin/admin/${id}`)).statusCode).toBe(200);
    expect(await t.db.selectFrom('admins').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    const deleted = await entryOf('admin', id, 'delete');
    expect(deleted.target_label).toBe('Mei Lin <mei@example.com>');
    // The single read answers it too.
    expect((await api(t.app, superToken).get(`/api/admin/audit-log/${deleted.id}`)).json().target_label).toBe('Mei Lin <mei@example.com>');
  });

  it('records a staff by name on create, update, patch and delete', async () => {
    const created = await api(t.app, writerToken).post(STAFF, { name: '王大明', status: 'active' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect((await entryOf('staff', id, 'create')).target_label).toBe('王大明');

    const put = await api(t.app, writerToken).put(`${STAFF}/${id}`, { name: '王小明', status: 'active' });
    expect(put.statusCode, put.body).toBe(200);
    expect((await entryOf('staff', id, 'update')).target_label).toBe('王小明');

    // A patch's snapshots hold only the patched field: the label comes from the row.
    const patch = await api(t.app, writerToken).patch(`${STAFF}/${id}`, { field: 'job_title', value: '領班' });
    expect(patch.statusCode, patch.body).toBe(200);
    const patched = await entryOf('staff', id, 'patch');
    expect(patched.after).toEqual({ job_title: '領班' });
    expect(patched.target_label).toBe('王小明');

    expect((await api(t.app, writerToken).delete(`${STAFF}/${id}`)).statusCode).toBe(200);
    expect((await entryOf('staff', id, 'delete')).target_label).toBe('王小明');
  });

  it('records an organization by name on create, update, patch and delete', async () => {
    const created = await api(t.app, superToken).post(ORGS, { name: 'Harbour' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect((await entryOf('organization', id, 'create')).target_label).toBe('Harbour');

    const put = await api(t.app, superToken).put(`${ORGS}/${id}`, { name: 'Harbour East', status: 'active' });
    expect(put.statusCode, put.body).toBe(200);
    expect((await entryOf('organization', id, 'update')).target_label).toBe('Harbour East');

    // A one-field patch is audited as an update of the organization.
    expect((await api(t.app, superToken).patch(`${ORGS}/${id}`, { field: 'name', value: 'Harbour West' })).statusCode).toBe(200);
    expect((await entryOf('organization', id, 'update')).target_label).toBe('Harbour West');

    expect((await api(t.app, superToken).delete(`${ORGS}/${id}`)).statusCode).toBe(200);
    expect((await entryOf('organization', id, 'delete')).target_label).toBe('Harbour West');
  });

  it('takes a label the caller passes, and resolves none for an unknown target', async () => {
    await systemContexts(t.app, 'label-test').inTransaction(async ({ audit }) => {
      await audit({ action: 'delete', target_type: 'staff', target_id: 999_001, target_label: 'Given name' });
      await audit({ action: 'delete', target_type: 'staff', target_id: 999_002 });
    });
    expect((await entryOf('staff', 999_001, 'delete')).target_label).toBe('Given name');
    expect((await entryOf('staff', 999_002, 'delete')).target_label).toBeNull();
  });

  it('summarizes a login device by its browser and system', () => {
    expect(
      userAgentSummary(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 122 · macOS');
    expect(
      userAgentSummary(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 · iOS');
    expect(userAgentSummary('curl/8.4.0')).toBe('curl/8.4.0');
  });
});

describe('audit list filter by target', () => {
  it('filters by a case-insensitive prefix of the target label, with the type and the id', async () => {
    const a = (await api(t.app, superToken).post(ORGS, { name: 'Zephyr North' })).json();
    const b = (await api(t.app, superToken).post(ORGS, { name: 'zephyr south' })).json();
    await api(t.app, superToken).post(ORGS, { name: 'Other Zephyr' });
    const list = async (q: string) => {
      const res = await api(t.app, superToken).get(`/api/admin/audit-log/index?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const byPrefix = await list(`target_label=${encodeURIComponent('ZEPHYR')}`);
    expect(byPrefix.data.map((e: any) => e.target_id)).toEqual([String(b.id), String(a.id)]);
    expect(byPrefix.meta).toMatchObject({ total: 2, total_capped: false });
    expect((await list(`target_type=organization&target_label=zephyr%20n`)).data.map((e: any) => e.target_label)).toEqual(['Zephyr North']);
    expect((await list(`target_type=admin&target_label=zephyr`)).data).toEqual([]);
    expect((await list(`target_type=organization&target_id=${a.id}`)).data.map((e: any) => e.target_label)).toEqual(['Zephyr North']);
    // A LIKE wildcard is a plain character here.
    expect((await list('target_label=%25')).data).toEqual([]);
    // The export takes the same filter.
    const csv = await api(t.app, superToken).get('/api/admin/audit-log/export?format=csv&target_label=zephyr');
    expect(
      csv.body
        .trim()
        .split('\r\n')
        .filter((l) => !l.startsWith('#')),
    ).toHaveLength(3);
  });

  it('serves the label filter from the index of migration 0078', async () => {
    // The list's own condition (labelPrefix), explained on this dialect.
    const page = (db: typeof t.db) =>
      db.selectFrom('audit_logs').select('id').where(labelPrefix('zep', testDialect)).orderBy('id', 'desc').limit(20).compile();
    if (testDialect === 'postgres') {
      const plan = await t.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const q = page(trx);
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...q, sql: `explain ${q.sql}` });
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('audit_logs_target_label_idx');
    } else {
      const q = page(t.db);
      const { rows } = await t.db.executeQuery<{ detail: string }>({ ...q, sql: `explain query plan ${q.sql}` });
      expect(rows.map((r) => r.detail).join('\n')).toContain('audit_logs_target_label_idx');
    }
  });
});
