import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { MAX_PAGE, MAX_ROW_ID } from '@bo/shared/list';
import { registerErrorHandler } from '../src/plugins/error-handler.ts';
import { sql } from 'kysely';
import { api, buildAdmin, buildOrganization, createTestApp, login, testDialect, type TestApp } from './helpers.ts';
import { uploadMultipart } from './multipart.ts';

// Bad input answers 400 with a field error on SQLite and PostgreSQL alike, never a 500 from the database.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
});
afterAll(async () => {
  await t?.close();
});

const tooBig = MAX_ROW_ID + 1;

describe('ids beyond a 32-bit row id', () => {
  it.each([
    ['GET', `/api/admin/admin/${tooBig}`, 'id'],
    ['GET', `/api/admin/audit-log/${tooBig}`, 'id'],
    ['GET', `/api/admin/audit-log/index?actor_id=${tooBig}`, 'actor_id'],
    ['GET', `/api/admin/admin-organization/${tooBig}`, 'id'],
    ['DELETE', '/api/admin/admin/batch', 'ids.0'],
  ])('%s %s answers 400 on %s', async (method, url, field) => {
    const res = method === 'GET' ? await api(t.app, token).get(url) : await api(t.app, token).delete(url, { ids: [tooBig] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('refuses to act in an organization id beyond the range (403, as for any organization not yours)', async () => {
    expect((await api(t.app, token).get(`/api/admin/photo/index?organization_id=${tooBig}`)).statusCode).toBe(403);
  });

  it('refuses a page beyond the cap', async () => {
    const res = await api(t.app, token).get(`/api/admin/audit-log/index?page=${MAX_PAGE + 1}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('page');
    expect((await api(t.app, token).get(`/api/admin/audit-log/index?page=${MAX_PAGE}`)).statusCode).toBe(200);
  });
});

describe('date filters', () => {
  it.each([
    ['/api/admin/admin/index?created_from=2024-01-01T1', 'created_from'],
    ['/api/admin/admin/index?created_to=2024-01-01T99:99', 'created_to'],
    ['/api/admin/admin/index?created_from=2024-13-45', 'created_from'],
    ['/api/admin/audit-log/index?date_from=2024-02-31', 'date_from'],
    ['/api/admin/photo/index?date_to=2024-13-45', 'date_to'],
  ])('%s answers 400 on %s', async (url, field) => {
    const res = await api(t.app, token).get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: ['validate.error.invalid'] });
  });

  it('reads a day as the whole Asia/Taipei day in the admin list too', async () => {
    const early = await buildAdmin(t.db, { name: 'Taipei morning' });
    // 2026-03-02 00:30 in Taipei is still 2026-03-01 in UTC.
    await t.db.updateTable('admins').set({ created_at: '2026-03-01T16:30:00.000Z' }).where('id', '=', early.id).execute();
    const names = async (qs: string) => (await api(t.app, token).get(`/api/admin/admin/index?${qs}`)).json().data.map((a: any) => a.name);
    expect(await names('created_from=2026-03-02&created_to=2026-03-02')).toEqual(['Taipei morning']);
    expect(await names('created_from=2026-03-01&created_to=2026-03-01')).toEqual([]);
    expect(await names('created_from=2026-03-01T16:30:00.000Z&created_to=2026-03-01T16:30:00.000Z')).toEqual(['Taipei morning']);
  });
});

describe('NUL characters', () => {
  it('refuses one in a query, a path and a JSON body with the field named, and stores nothing', async () => {
    const q = await api(t.app, token).get('/api/admin/audit-log/index?keyword=a%00b');
    expect(q.statusCode).toBe(400);
    expect(q.json()).toEqual({ message: 'Bad Request', errors: { keyword: ['validate.error.invalid'] } });
    const body = await api(t.app, token).put('/api/admin/account/profile', { name: 'Ann\u0000' });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toEqual({ name: ['validate.error.invalid'] });
    const me = await api(t.app, token).get('/api/admin/account/profile');
    expect(me.json().name).not.toContain('\u0000');
  });
});

describe('NUL characters in multipart text fields', () => {
  it('refuses one beside an uploaded file, like in a JSON body', async () => {
    const org = await buildOrganization(t.db);
    const writer = await login(
      t.app,
      await buildAdmin(t.db, { roles: ['ROLE_BASE'], memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }),
      { organizationId: org.id },
    );
    const res = await uploadMultipart(
      t.app,
      writer,
      '/api/admin/organization/staff-excel',
      { name: 'Card\u0000', layout: 'card' },
      { name: 'card.xlsx', data: Buffer.from('not read this far') },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: ['validate.error.invalid'] });
    expect(await t.db.selectFrom('staff_excels').select('id').where('organization_id', '=', org.id).execute()).toEqual([]);
  });
});

describe('what the database refuses', () => {
  it('answers 409 for a unique value taken by a concurrent write, and 400 for a value the column cannot hold', async () => {
    const app = Fastify();
    let app2: ReturnType<typeof Fastify>;
    registerErrorHandler(app);
    const admin = await buildAdmin(t.db);
    // The same insert a create would run after its lookup had found the email free.
    app.post('/dup', async () => {
      const row = await t.db.selectFrom('admins').selectAll().where('id', '=', admin.id).executeTakeFirstOrThrow();
      const { id: _id, ...copy } = row;
      await t.db.insertInto('admins').values(copy).execute();
    });
    app.post('/fk', async () => {
      await t.db
        .insertInto('organization_members')
        .values({ admin_id: admin.id, organization_id: MAX_ROW_ID, sub_account_roles: '[]', created_at: new Date().toISOString() })
        .execute();
    });
    const dup = await app.inject({ method: 'POST', url: '/dup' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'Conflict' });
    const fk = await app.inject({ method: 'POST', url: '/fk' });
    expect(fk.statusCode).toBe(409);
    if (testDialect === 'postgres') {
      app2 = Fastify();
      registerErrorHandler(app2);
      app2.get('/cast', async () => sql`select ${'12x'}::integer as n`.execute(t.db));
      const cast = await app2.inject({ method: 'GET', url: '/cast' });
      expect(cast.statusCode).toBe(400);
      expect(cast.json()).toEqual({ message: 'Bad Request' });
      await app2.close();
    }
    await app.close();
  });
});
