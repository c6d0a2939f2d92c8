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

// A plain organization-scoped resource declared on the kit alone, over an existing table: what
// CONTRIBUTING's "add a resource" walk-through produces. Its routes get everything from the kit.
const things = scopedTable<CertificateType>({
  table: 'certificate_types',
  alias: 't',
  select: (db) => db.selectFrom('certificate_types as t').selectAll('t'),
  toView: (rows) => rows,
  sortColumns: { id: 't.id', name: 't.name', sort: 't.sort' },
  keywordColumns: ['t.name'],
  dependent: { name: 'kit_things' },
});
const base = '/api/admin/organization/kit-thing';
const kitTestModule = defineModule({
  name: 'kit-test',
  routes: [
    resourceRoutes({
      path: base,
      tags: ['kit-test'],
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
let writer: string;
let reader: string;
let otherWriter: string;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp({}, { extraModules: [kitTestModule] });
  const org = await buildOrganization(t.db);
  const other = await buildOrganization(t.db);
  orgId = org.id;
  const member = (organizationId: number, role: string) => buildAdmin(t.db, { memberships: { [organizationId]: [role] } });
  writer = await login(t.app, await member(org.id, 'SUB_ACCOUNT_ROLE_STAFF_WRITE'), { organizationId: org.id });
  reader = await login(t.app, await member(org.id, 'SUB_ACCOUNT_ROLE_STAFF_READ'), { organizationId: org.id });
  otherWriter = await login(t.app, await member(other.id, 'SUB_ACCOUNT_ROLE_STAFF_WRITE'), { organizationId: other.id });
});
afterAll(async () => {
  await t?.close();
});

const as = (token?: string) => api(t.app, token);
const auditOf = (id: number) =>
  t.db
    .selectFrom('audit_logs')
    .select(['action', 'before', 'after', 'organization_id'])
    .where('target_type', '=', 'certificate_type')
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute();

describe('a resource declared on the kit', () => {
  it('creates, reads, lists, updates, patches and deletes, each with its audit entry in the acting organization', async () => {
    const created = await as(writer).post(base, { name: 'Crane', sort: 2 });
    expect(created.statusCode).toBe(200);
    const row = created.json();
    expect(row).toMatchObject({ name: 'Crane', sort: 2, organization_id: orgId });

    expect((await as(writer).get(`${base}/${row.id}`)).json()).toEqual(row);
    const list = (await as(writer).get(`${base}/index?keyword=cra&sort=name&order=asc`)).json();
    expect(list.data.map((r: CertificateType) => r.id)).toEqual([row.id]);
    expect(list.meta).toMatchObject({ page: 1, total: 1, last_page: 1 });

    expect((await as(writer).put(`${base}/${row.id}`, { name: 'Crane operator', sort: 3 })).json()).toMatchObject({
      name: 'Crane operator',
      sort: 3,
    });
    expect((await as(writer).patch(`${base}/${row.id}`, { field: 'sort', value: 7 })).json()).toMatchObject({ sort: 7 });
    expect((await as(writer).delete(`${base}/${row.id}`)).json()).toEqual({ message: 'OK' });
    expect((await as(writer).get(`${base}/${row.id}`)).statusCode).toBe(404);

    const entries = await auditOf(row.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'patch', 'delete']);
    expect(entries.every((e) => e.organization_id === orgId)).toBe(true);
    expect(JSON.parse(entries[2].before!)).toEqual({ sort: 3 });
    expect(JSON.parse(entries[2].after!)).toEqual({ sort: 7 });
  });

  it('patches and deletes batches all or nothing: one id out of reach is 404 and changes nothing', async () => {
    const a = (await as(writer).post(base, { name: 'A' })).json();
    const b = (await as(writer).post(base, { name: 'B' })).json();
    const foreign = (await as(otherWriter).post(base, { name: 'Theirs' })).json();

    expect((await as(writer).patch(`${base}/batch`, { ids: [a.id, foreign.id], field: 'sort', value: 5 })).statusCode).toBe(404);
    expect((await as(writer).get(`${base}/${a.id}`)).json().sort).toBe(0);
    expect((await as(writer).delete(`${base}/batch`, { ids: [a.id, b.id, foreign.id] })).statusCode).toBe(404);
    expect((await as(writer).get(`${base}/index`)).json().meta.total).toBe(2);

    const patched = await as(writer).patch(`${base}/batch`, { ids: [a.id, b.id, a.id], field: 'sort', value: 5 });
    expect(patched.json().data.map((r: CertificateType) => [r.id, r.sort])).toEqual([
      [a.id, 5],
      [b.id, 5],
    ]);
    expect((await as(writer).delete(`${base}/batch`, { ids: [a.id, b.id] })).statusCode).toBe(200);
    expect((await as(otherWriter).get(`${base}/${foreign.id}`)).statusCode).toBe(200);
  });

  it("answers 404 for another organization's row on every call, and leaves it as it was", async () => {
    const theirs = (await as(otherWriter).post(base, { name: 'Theirs too' })).json();
    const calls = [
      as(writer).get(`${base}/${theirs.id}`),
      as(writer).put(`${base}/${theirs.id}`, { name: 'Mine now' }),
      as(writer).patch(`${base}/${theirs.id}`, { field: 'name', value: 'Mine now' }),
      as(writer).delete(`${base}/${theirs.id}`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    expect((await as(otherWriter).get(`${base}/${theirs.id}`)).json().name).toBe('Theirs too');
    expect((await as(writer).get(`${base}/index`)).json().data.some((r: CertificateType) => r.id === theirs.id)).toBe(false);
  });

  it('refuses bad input with field errors, a field outside the patch list, and callers without the roles', async () => {
    const bad = await as(writer).post(base, { name: '' });
    expect(bad.statusCode).toBe(400);
    const row = (await as(writer).post(base, { name: 'Forklift' })).json();
    const notAllowed = await as(writer).patch(`${base}/${row.id}`, { field: 'organization_id', value: 999 });
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json().errors).toEqual({ field: ['validate.error.not_allowed'] });
    const badValue = await as(writer).patch(`${base}/${row.id}`, { field: 'sort', value: -1 });
    expect(badValue.statusCode).toBe(400);
    expect(Object.keys(badValue.json().errors)).toEqual(['value']);

    expect((await as().get(`${base}/index`)).statusCode).toBe(401);
    expect((await as(reader).get(`${base}/${row.id}`)).statusCode).toBe(200);
    expect((await as(reader).post(base, { name: 'x' })).statusCode).toBe(403);
    expect((await as(reader).patch(`${base}/${row.id}`, { field: 'sort', value: 1 })).statusCode).toBe(403);
    expect((await as(reader).delete(`${base}/batch`, { ids: [row.id] })).statusCode).toBe(403);
    // Not acting in an organization: an organization route refuses.
    const outside = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_STAFF'] }));
    expect((await as(outside).get(`${base}/index`)).statusCode).toBe(403);
  });

  it('counts and removes its rows as an organization dependent', async () => {
    const org = await buildOrganization(t.db);
    const w = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
      organizationId: org.id,
    });
    await as(w).post(base, { name: 'One' });
    await as(w).post(base, { name: 'Two' });
    expect(await things.dependent!.count(t.db, org.id)).toBe(2);
    await t.db.transaction().execute((trx) => things.dependent!.remove(trx, org.id));
    expect(await things.dependent!.count(t.db, org.id)).toBe(0);
    expect(await things.dependent!.count(t.db, orgId)).toBeGreaterThan(0);
  });

  it("stores one organization's order: exactly its rows, refusals with a key and nothing written, one audit entry", async () => {
    const org = await buildOrganization(t.db);
    const w = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
      organizationId: org.id,
    });
    const r = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }), {
      organizationId: org.id,
    });
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C']) ids.push((await as(w).post(base, { name })).json().id);
    const theirs = (await as(otherWriter).post(base, { name: 'Theirs to order' })).json().id;
    const order = async () => (await as(w).get(`${base}/index?sort=sort&order=asc`)).json().data.map((x: CertificateType) => x.id);
    const before = await order();
    const stale = { ids: ['validate.error.order_stale'] };

    for (const refused of [
      [ids[2], ids[0], theirs], // another organization's row in place of one of ours
      [ids[2], ids[0]], // one left out
      [ids[2], ids[0], ids[1], 2_000_000_000], // one that does not exist
    ]) {
      const res = await as(w).put(`${base}/order`, { ids: refused });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().errors).toEqual(stale);
    }
    const twice = await as(w).put(`${base}/order`, { ids: [ids[0], ids[0], ids[1]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ ids: ['validate.error.duplicate_value'] });
    expect((await as(w).put(`${base}/order`, { ids: [] })).statusCode).toBe(400);
    expect((await as(r).put(`${base}/order`, { ids: [ids[2], ids[0], ids[1]] })).statusCode).toBe(403);
    expect((await as(otherWriter).put(`${base}/order`, { ids: [ids[2], ids[0], ids[1]] })).statusCode).toBe(409);
    expect(await order()).toEqual(before);

    const done = await as(w).put(`${base}/order`, { ids: [ids[2], ids[0], ids[1]] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.map((x: CertificateType) => x.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(await order()).toEqual([ids[2], ids[0], ids[1]]);
    expect((await as(otherWriter).get(`${base}/${theirs}`)).json().sort).toBe(0);

    const reorders = () =>
      t.db
        .selectFrom('audit_logs')
        .select(['before', 'after', 'organization_id'])
        .where('target_type', '=', 'certificate_type')
        .where('action', '=', 'reorder')
        .where('organization_id', '=', org.id)
        .execute();
    const entries = await reorders();
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0].before!)).toEqual({ ids });
    expect(JSON.parse(entries[0].after!)).toEqual({ ids: [ids[2], ids[0], ids[1]] });
    // The same order again changes nothing and records nothing.
    expect((await as(w).put(`${base}/order`, { ids: [ids[2], ids[0], ids[1]] })).statusCode).toBe(200);
    expect(await reorders()).toHaveLength(1);
  });
});
