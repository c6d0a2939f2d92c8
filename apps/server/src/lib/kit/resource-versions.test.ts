import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuery } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import { certificateTypeInput, certificateTypeSchema, type CertificateType } from '@bo/shared/schemas/staff';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { plainService } from './plain-service.ts';
import { resourceRoutes } from './resource-routes.ts';
import { scopedTable } from './scoped-table.ts';
import { defineModule } from './server-module.ts';

// Issue 36 on the kit: a plain organization-scoped resource with a stored order, every write of it versioned.
const things = scopedTable<CertificateType>({
  table: 'certificate_types',
  alias: 't',
  toView: (rows) => rows,
  sortColumns: { id: 't.id', name: 't.name', sort: 't.sort' },
});
const base = '/api/admin/organization/versioned-thing';
const versionedModule = defineModule({
  name: 'versions-test',
  routes: [
    resourceRoutes({
      path: base,
      tags: ['versions-test'],
      target: 'certificate_type',
      organization: true,
      roles: { read: ROLES.staffRead, write: ROLES.staffWrite },
      schemas: { view: certificateTypeSchema, input: certificateTypeInput, listQuery: listQuery(['id', 'name', 'sort']) },
      patch: { fields: ['name', 'sort'], rules: { name: certificateTypeInput.shape.name, sort: z.number().int().min(0).max(9999) } },
      order: { table: things, column: 'sort' },
      ...plainService(things),
    }),
  ],
});

let t: TestApp;
let alice: string;
let bob: string;
let bobId: number;
let otherOrgWriter: string;

beforeAll(async () => {
  t = await createTestApp({}, { extraModules: [versionedModule] });
  const org = await buildOrganization(t.db);
  const other = await buildOrganization(t.db);
  const member = (organizationId: number, name: string) =>
    buildAdmin(t.db, { name, memberships: { [organizationId]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } });
  alice = await login(t.app, await member(org.id, 'Alice'), { organizationId: org.id });
  const b = await member(org.id, '王小明');
  bobId = b.id;
  bob = await login(t.app, b, { organizationId: org.id });
  otherOrgWriter = await login(t.app, await member(other.id, 'Other'), { organizationId: other.id });
});
afterAll(async () => {
  await t?.close();
});

/** A client that sends exactly the versions the test gives (none unless told). */
const as = (token: string) => api(t.app, token, { versions: false });
const ifMatch = (v: number | string) => ({ 'if-match': typeof v === 'number' ? `"${v}"` : v });
const auditCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('audit_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('target_type', '=', 'certificate_type')
        .executeTakeFirstOrThrow()
    ).n,
  );
const rowOf = (id: number) => t.db.selectFrom('certificate_types').select(['name', 'sort']).where('id', '=', id).executeTakeFirstOrThrow();
const create = async (name: string, sort = 0) => {
  const res = await as(alice).post(base, { name, sort });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CertificateType & { version: number };
};

describe('versions on the kit (issue 36)', () => {
  it('answers the version: ETag and version on the single read, version on every list row and on a write’s answer', async () => {
    const row = await create('Crane');
    expect(row.version).toBe(1);
    const read = await as(alice).get(`${base}/${row.id}`);
    expect(read.headers.etag).toBe('"1"');
    expect(read.json().version).toBe(1);
    const list = (await as(alice).get(`${base}/index?per_page=100`)).json();
    expect(list.data.find((r: CertificateType) => r.id === row.id).version).toBe(1);
    const saved = await as(alice).put(`${base}/${row.id}`, { name: 'Crane 2', sort: 0 }, ifMatch(1));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(2);
    expect(saved.headers.etag).toBe('"2"');
  });

  it('refuses the second of two saves from the same read with 409 naming who changed which fields, and writes nothing', async () => {
    const row = await create('Scaffold', 5);
    const [a, b] = [await as(alice).get(`${base}/${row.id}`), await as(bob).get(`${base}/${row.id}`)];
    const first = await as(bob).put(`${base}/${row.id}`, { name: 'Scaffold (Bob)', sort: 5 }, ifMatch(b.json().version));
    expect(first.statusCode, first.body).toBe(200);
    const audits = await auditCount();
    const second = await as(alice).put(`${base}/${row.id}`, { name: 'Scaffold', sort: 9 }, ifMatch(a.headers.etag as string));
    expect(second.statusCode, second.body).toBe(409);
    const body = second.json();
    expect(body).toMatchObject({
      statusCode: 409,
      error: 'Conflict',
      message: 'validate.error.edited_elsewhere',
      key: 'validate.error.edited_elsewhere',
    });
    expect(body.conflict).toMatchObject({ id: row.id, version: 2, changed_by: { id: bobId, name: '王小明' }, fields: ['name'] });
    expect(Date.parse(body.conflict.changed_at)).not.toBeNaN();
    expect(body.conflict.current).toMatchObject({ id: row.id, name: 'Scaffold (Bob)', sort: 5, version: 2 });
    expect(await rowOf(row.id)).toEqual({ name: 'Scaffold (Bob)', sort: 5 });
    expect(await auditCount()).toBe(audits);
    // With the version the 409 named, the save goes through.
    const again = await as(alice).put(`${base}/${row.id}`, { name: 'Scaffold (Bob)', sort: 9 }, ifMatch(body.conflict.version));
    expect(again.statusCode, again.body).toBe(200);
    expect(await rowOf(row.id)).toEqual({ name: 'Scaffold (Bob)', sort: 9 });
  });

  it('checks a patch and a delete the same way; If-Match may be "7", 7 or W/"7"', async () => {
    const row = await create('Forklift');
    expect((await as(bob).patch(`${base}/${row.id}`, { field: 'sort', value: 3 }, ifMatch('1'))).statusCode).toBe(200);
    const stale = await as(alice).patch(`${base}/${row.id}`, { field: 'name', value: 'Old' }, ifMatch(1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().conflict.fields).toEqual(['sort']);
    expect((await as(alice).delete(`${base}/${row.id}`, undefined, ifMatch(1))).statusCode).toBe(409);
    expect(await rowOf(row.id)).toEqual({ name: 'Forklift', sort: 3 });
    expect((await as(alice).delete(`${base}/${row.id}`, undefined, ifMatch('W/"2"'))).statusCode).toBe(200);
    expect(await t.db.selectFrom('certificate_types').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined();
  });

  it('answers 428 for a write without a version (one record or a batch, or a batch missing one id) and writes nothing', async () => {
    const [x, y] = [await create('X'), await create('Y')];
    const audits = await auditCount();
    const calls = [
      as(alice).put(`${base}/${x.id}`, { name: 'X!', sort: 0 }),
      as(alice).patch(`${base}/${x.id}`, { field: 'name', value: 'X!' }),
      as(alice).delete(`${base}/${x.id}`),
      as(alice).put(`${base}/${x.id}`, { name: 'X!', sort: 0 }, { 'if-match': 'yesterday' }),
      as(alice).patch(`${base}/batch`, { ids: [x.id, y.id], field: 'sort', value: 7 }),
      as(alice).patch(`${base}/batch`, { ids: [x.id, y.id], field: 'sort', value: 7, versions: { [x.id]: 1 } }),
      as(alice).delete(`${base}/batch`, { ids: [x.id] }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(428);
      expect(res.json()).toEqual({
        statusCode: 428,
        error: 'Precondition Required',
        message: 'validate.error.version_required',
        key: 'validate.error.version_required',
      });
    }
    expect(await rowOf(x.id)).toEqual({ name: 'X', sort: 0 });
    expect(await rowOf(y.id)).toEqual({ name: 'Y', sort: 0 });
    expect(await auditCount()).toBe(audits);
  });

  it('overwrites on purpose with If-Match: * (or versions: "*"), audited as an overwrite', async () => {
    const row = await create('Ladder');
    await as(bob).put(`${base}/${row.id}`, { name: 'Ladder (Bob)', sort: 0 }, ifMatch(1));
    const res = await as(alice).put(`${base}/${row.id}`, { name: 'Ladder (mine)', sort: 0 }, ifMatch('*'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(row.id)).toEqual({ name: 'Ladder (mine)', sort: 0 });
    const entries = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'after'])
      .where('target_type', '=', 'certificate_type')
      .where('target_id', '=', String(row.id))
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.action, JSON.parse(e.after!).overwrite ?? false])).toEqual([
      ['create', false],
      ['update', false],
      ['update', true],
    ]);
    const batch = await as(alice).patch(`${base}/batch`, { ids: [row.id], field: 'sort', value: 4, versions: '*' });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().data[0]).toMatchObject({ sort: 4, version: 4 });
  });

  it('refuses a whole batch patch or batch delete when one row is stale, naming each stale row', async () => {
    const [p, q, r] = [await create('P'), await create('Q'), await create('R')];
    const read = (await as(alice).get(`${base}/index?per_page=100`)).json().data as (CertificateType & { version: number })[];
    const versions = Object.fromEntries(read.filter((x) => [p.id, q.id, r.id].includes(x.id)).map((x) => [x.id, x.version]));
    await as(bob).patch(`${base}/${q.id}`, { field: 'name', value: 'Q (Bob)' }, ifMatch(1));
    const audits = await auditCount();
    const res = await as(alice).patch(`${base}/batch`, { ids: [p.id, q.id, r.id], field: 'sort', value: 8, versions });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().conflicts).toHaveLength(1);
    expect(res.json().conflicts[0]).toMatchObject({ id: q.id, version: 2, fields: ['name'], current: { name: 'Q (Bob)' } });
    const gone = await as(alice).delete(`${base}/batch`, { ids: [p.id, q.id], versions });
    expect(gone.statusCode).toBe(409);
    for (const x of [p, r]) expect((await rowOf(x.id)).sort).toBe(0);
    expect(await rowOf(q.id)).toEqual({ name: 'Q (Bob)', sort: 0 });
    expect(await auditCount()).toBe(audits);
    const fresh = await as(alice).patch(`${base}/batch`, {
      ids: [p.id, q.id, r.id],
      field: 'sort',
      value: 8,
      versions: { ...versions, [q.id]: 2 },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data.map((x: { version: number }) => x.version)).toEqual([2, 3, 2]);
  });

  it('refuses a reorder from a stale list: the rows a reorder moved have new versions', async () => {
    const org = await buildOrganization(t.db);
    const w = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
      organizationId: org.id,
    });
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C']) ids.push((await as(w).post(base, { name })).json().id);
    const list = (await as(w).get(`${base}/index?sort=sort&order=asc`)).json().data as { id: number; version: number }[];
    const versions = Object.fromEntries(list.map((x) => [x.id, x.version]));
    const [a, b, c] = ids as [number, number, number];
    const first = await as(w).put(`${base}/order`, { ids: [c, a, b], versions });
    expect(first.statusCode, first.body).toBe(200);
    const audits = await auditCount();
    const second = await as(w).put(`${base}/order`, { ids: [b, c, a], versions });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().conflicts.map((x: { id: number; fields: string[] }) => [x.id, x.fields])).toEqual(
      [b, c, a].map((id) => [id, ['sort']]),
    );
    expect((await as(w).get(`${base}/index?sort=sort&order=asc`)).json().data.map((x: { id: number }) => x.id)).toEqual([c, a, b]);
    expect(await auditCount()).toBe(audits);
    expect((await as(w).put(`${base}/order`, { ids: [b, c, a] })).statusCode).toBe(428);
  });

  it('lets exactly one of two saves sent at the same moment with the same version through (the version row is locked)', async () => {
    const row = await create('Race');
    const results = await Promise.all([
      as(alice).put(`${base}/${row.id}`, { name: 'Race (Alice)', sort: 1 }, ifMatch(1)),
      as(bob).put(`${base}/${row.id}`, { name: 'Race (Bob)', sort: 2 }, ifMatch(1)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect(await rowOf(row.id)).toEqual({ name: winner.name, sort: winner.sort });
    expect((await as(alice).get(`${base}/${row.id}`)).json().version).toBe(2);
  });

  it("answers 404, not 409, for another organization's row, whatever version is sent", async () => {
    const row = await create('Ours');
    await as(alice).put(`${base}/${row.id}`, { name: 'Ours 2', sort: 0 }, ifMatch(1));
    for (const v of [1, 2]) {
      const res = await as(otherOrgWriter).put(`${base}/${row.id}`, { name: 'Theirs', sort: 0 }, ifMatch(v));
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Ours');
    }
    expect((await as(otherOrgWriter).get(`/api/admin/record-versions/certificate_type/${row.id}`)).statusCode).toBe(404);
  });

  it('says who changed a record last and when (GET /api/admin/record-versions/:target_type/:target_key)', async () => {
    const row = await create('Hoist');
    await as(bob).put(`${base}/${row.id}`, { name: 'Hoist (Bob)', sort: 0 }, ifMatch(1));
    const res = await as(alice).get(`/api/admin/record-versions/certificate_type/${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, changed_by: { id: bobId, name: '王小明' } });
    expect((await as(alice).get('/api/admin/record-versions/no_such_type/1')).statusCode).toBe(404);
  });
});
