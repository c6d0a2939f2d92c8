import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import { api, buildAdmin, buildOrganization, createTestApp, login, testDialect, type TestApp } from './helpers.ts';
import { XLSX, nationalId, roster } from '../src/modules/staff/staff-import.test-helpers.ts';
import { upload } from '../src/modules/staff/staff.test-helpers.ts';
import { startFaultProxy, throughProxy, type FaultProxy } from './fault-proxy.ts';

// Issue 33: PostgreSQL cut in the middle of a request's work, between the app and the database
// (fault-proxy.ts). What the user sees is a 503 with the spec's body, never a 500 or a hang, and a
// write is committed with its audit entry or not at all: counted directly, past the proxy.
const skipReason = testDialect !== 'postgres' ? 'runs in the server-postgres project only' : null;
const base = '/api/admin/organization/certificate-type';

describe.skipIf(skipReason !== null)('PostgreSQL cut during a request', () => {
  let proxy: FaultProxy;
  let t: TestApp;
  let direct: Database;
  let writer: string;
  let superAdmin: string;
  let orgId: number;

  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startFaultProxy({ target: { host: target.hostname, port: Number(target.port || 5432) } });
    let directUrl = '';
    t = await createTestApp(
      {},
      {
        databaseUrl: (url) => {
          directUrl = url;
          return throughProxy(url, proxy);
        },
      },
    );
    direct = createDatabase(directUrl).db;
    const org = await buildOrganization(t.db);
    orgId = org.id;
    writer = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
      organizationId: org.id,
    });
    superAdmin = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] }));
  });
  afterAll(async () => {
    await direct?.destroy();
    await t?.close();
    await proxy?.close();
  });

  // Fresh connections before each case, so each statement's text goes over the wire (named
  // statements are parsed once per connection) and the proxy can cut on it.
  beforeEach(async () => {
    proxy.cutAll();
    // A read that needs the database, until it answers: the pool has dropped the connections it had
    // (a request handed a cut one before the pool noticed fails for that reason, not for the case's cut).
    await expect.poll(async () => (await api(t.app, writer).get(`${base}/index`)).statusCode, { timeout: 10_000 }).toBe(200);
  });

  /**
   * Rows of `table` in the organization and audit entries on `targetType`, read in one statement: one
   * snapshot, so a commit that lands while the counts are read is seen whole or not at all.
   */
  const countsOf = async (table: 'certificate_types' | 'staff', targetType: string) => {
    const { rows } = await sql<{ rows: string; audits: string }>`
      select (select count(*) from ${sql.table(table)} where organization_id = ${orgId}) as rows,
             (select count(*) from audit_logs where target_type = ${targetType}) as audits`.execute(direct);
    return { rows: Number(rows[0].rows), audits: Number(rows[0].audits) };
  };
  const counts = () => countsOf('certificate_types', 'certificate_type');

  it('cut before a kit transaction writes its row: 503 with the spec body, nothing written, then served again', async () => {
    const before = await counts();
    const cut = proxy.cutWhen('insert into "certificate_types"');
    const res = await api(t.app, writer).post(base, { name: 'Scaffold' });
    await cut;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Service Unavailable' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
    const again = await api(t.app, writer).post(base, { name: 'Scaffold' });
    expect(again.statusCode).toBe(200);
    expect(await counts()).toEqual({ rows: before.rows + 1, audits: before.audits + 1 });
  });

  it('cut during the audit-chain append: the row goes with its entry, nothing is half written', async () => {
    const before = await counts();
    const cut = proxy.cutWhen('update "audit_chain_head"');
    const res = await api(t.app, writer).post(base, { name: 'Crane' });
    await cut;
    expect(res.statusCode).toBe(503);
    expect(await counts()).toEqual(before);
  });

  it('cut as the commit is sent: either acknowledged with row and entry, or refused; never one without the other', async () => {
    const before = await counts();
    const cut = proxy.cutWhen('commit', { forward: true });
    const res = await api(t.app, writer).post(base, { name: 'Excavator' });
    await cut;
    expect([200, 503]).toContain(res.statusCode);
    const after = await counts();
    const written = after.rows - before.rows;
    expect(after.audits - before.audits).toBe(written);
    if (res.statusCode === 200) expect(written).toBe(1);
    else expect(res.json()).toEqual({ message: 'Service Unavailable' });
  });

  it('cut during a staff import: 503, no staff row and no import entry; the same file then imports whole', async () => {
    const staff = () => countsOf('staff', 'staff');
    const data = await roster({
      名冊: [
        ['姓名', '身分證字號'],
        ['王大明', nationalId(3301)],
        ['李小華', nationalId(3302)],
        ['陳志強', nationalId(3303)],
      ],
    });
    const file = { name: '名冊.xlsx', data, type: XLSX };
    const before = await staff();
    const cut = proxy.cutWhen('insert into "staff"');
    const res = await upload(t.app, writer, '/api/admin/organization/staff/import', {}, file);
    await cut;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Service Unavailable' });
    expect(await staff()).toEqual(before);
    const again = await upload(t.app, writer, '/api/admin/organization/staff/import', {}, file);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ imported_count: 3 });
    expect((await staff()).rows).toBe(before.rows + 3);
    expect((await staff()).audits).toBeGreaterThan(before.audits);
  });

  it('cut while the audit log export reads: the download fails, the app serves the next request', async () => {
    const cut = proxy.cutWhen('from "audit_logs"');
    // The headers are out before the first batch is read: the download ends unfinished (the browser
    // shows a failed download), never as a file that looks complete.
    await expect(api(t.app, superAdmin).get('/api/admin/audit-log/export?format=csv')).rejects.toThrow(/destroyed before completion/);
    await cut;
    await expect
      .poll(async () => (await api(t.app, superAdmin).get('/api/admin/audit-log/export?format=csv')).statusCode, { timeout: 10_000 })
      .toBe(200);
  });
});
