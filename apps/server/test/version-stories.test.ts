import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from './helpers.ts';

// Issue 36's stories as two people in one office tried them: every second save silently overwrote
// the first. Now the second is refused (409) and nothing of the first is lost.
let t: TestApp;
let first: string;
let second: string;
let firstId: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await buildAdmin(t.db, { name: '王小明', roles: ['ROLE_SUPER_ADMIN'] });
  firstId = a.id;
  first = await login(t.app, a);
  second = await login(t.app, await buildAdmin(t.db, { name: '李大同', roles: ['ROLE_SUPER_ADMIN'] }));
});
afterAll(async () => {
  await t?.close();
});

const as = (token: string) => api(t.app, token, { versions: false });
const ifMatch = (v: number | string) => ({ 'if-match': String(v) });

describe('two people, one record (issue 36)', () => {
  it('page 工安週活動: the body rewritten by one is not lost to the title edited by the other', async () => {
    const created = await as(first).post('/api/admin/page', {
      type: 'article',
      slug: 'safety-week',
      title: '工安週活動',
      body: '<p>舊內容</p>',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const [a, b] = [await as(first).get(`/api/admin/page/${id}`), await as(second).get(`/api/admin/page/${id}`)];
    const page = a.json();
    const input = { type: page.type, slug: page.slug, title: page.title, body: page.body };
    const body = await as(first).put(`/api/admin/page/${id}`, { ...input, body: '<p>新的活動內容</p>' }, ifMatch(a.headers.etag as string));
    expect(body.statusCode, body.body).toBe(200);
    const title = await as(second).put(`/api/admin/page/${id}`, { ...input, title: '2026 工安週活動' }, ifMatch(b.headers.etag as string));
    expect(title.statusCode, title.body).toBe(409);
    expect(title.json().conflict).toMatchObject({ changed_by: { id: firstId, name: '王小明' } });
    expect(title.json().conflict.fields).toContain('body');
    expect(title.json().conflict.fields).not.toContain('title');
    const now = (await as(second).get(`/api/admin/page/${id}`)).json();
    expect(now).toMatchObject({ title: '工安週活動', body: '<p>新的活動內容</p>' });
    // The second person takes the new body and keeps the title, with the version the 409 named.
    const merged = await as(second).put(
      `/api/admin/page/${id}`,
      { ...input, body: now.body, title: '2026 工安週活動' },
      ifMatch(title.json().conflict.version),
    );
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await as(first).get(`/api/admin/page/${id}`)).json()).toMatchObject({ title: '2026 工安週活動', body: '<p>新的活動內容</p>' });
  });

  it('admin 林經理: disabled by one, a rename from a stale copy does not make the account active again', async () => {
    const created = await as(first).post('/api/admin/admin', { email: 'lin@example.com', name: '林經理', status: 'active' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const [a, b] = [await as(first).get(`/api/admin/admin/${id}`), await as(second).get(`/api/admin/admin/${id}`)];
    const disabled = await as(first).patch(
      `/api/admin/admin/${id}`,
      { field: 'status', value: 'disabled' },
      ifMatch(a.headers.etag as string),
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    const stale = b.json();
    const renamed = await as(second).put(
      `/api/admin/admin/${id}`,
      { email: stale.email, name: '林經理（工務）', status: stale.status },
      ifMatch(b.headers.etag as string),
    );
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(renamed.json().conflict).toMatchObject({ fields: ['status'], current: { status: 'disabled', name: '林經理' } });
    const row = await t.db.selectFrom('admins').select(['name', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '林經理', status: 'disabled' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/login',
      headers: { 'x-fingerprint': 'fp-lin' },
      payload: { email: 'lin@example.com', password: 'whatever' },
    });
    expect(signIn.statusCode).not.toBe(200);
  });
});
