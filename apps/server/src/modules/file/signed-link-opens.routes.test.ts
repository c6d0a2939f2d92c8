import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { upload } from './media.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(async () => {
  await t?.close();
});

async function member(organizationId: number, roles = ['ROLE_BASE']) {
  const admin = await buildAdmin(t.db, { roles, memberships: { [organizationId]: [] } });
  return { admin, token: await login(t.app, admin, { organizationId }) };
}
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36';

describe('GET /api/admin/file/{id}/signed-link-opens', () => {
  it("lists who opened the file's signed links, newest first and paged, and refuses another organization", async () => {
    const org = await buildOrganization(t.db);
    const other = await buildOrganization(t.db);
    const { admin, token } = await member(org.id);
    const a = api(t.app, token);
    const file = (await upload(t.app, token, '/api/admin/file/upload?private=true', { name: 'plan.txt', data: Buffer.from('x') })).json();
    const url = `/api/admin/file/${file.id}/signed-link-opens`;

    expect((await a.get(url)).json()).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } });

    const first = (await a.post('/api/admin/file/signed-url', { path: file.path, ttl: 600, payload: { note: 'inspector' } })).json();
    const second = (await a.post('/api/admin/file/signed-url', { path: file.path, ttl: 300 })).json();
    await t.app.inject({ method: 'GET', url: pathOf(first.url), headers: { 'user-agent': CHROME_MAC } });
    await t.app.inject({ method: 'GET', url: pathOf(first.url), headers: { 'user-agent': 'curl/8.0' } });
    await t.app.inject({ method: 'GET', url: pathOf(second.url) });

    const all = (await a.get(url)).json();
    expect(all.meta).toEqual({ page: 1, per_page: 20, total: 3, last_page: 1 });
    expect(all.data.map((o: any) => o.link.note)).toEqual([null, 'inspector', 'inspector']);
    expect(all.data[0].link.expires_at).toBe(second.expires_at);
    expect(all.data[2]).toMatchObject({
      device: 'Chrome 122 · macOS',
      link: { signer: { id: admin.id, name: expect.stringMatching(/^admin-/) }, expires_at: first.expires_at, note: 'inspector' },
    });
    expect(all.data[1].device).toBe('curl/8.0');
    expect(all.data[2].ip).toBeTruthy();

    const paged = (await a.get(`${url}?page=2&per_page=2`)).json();
    expect(paged.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(paged.data.map((o: any) => o.id)).toEqual([all.data[2].id]);
    expect((await a.get(`${url}?per_page=101`)).statusCode).toBe(400);
    expect((await a.get('/api/admin/file/0x1/signed-link-opens')).statusCode).toBe(400);

    // Another organization's admin (and the same admin acting there) does not reach the file.
    const outsider = await member(other.id);
    expect((await api(t.app, outsider.token).get(url)).statusCode).toBe(404);
    const reader = await buildAdmin(t.db, { roles: [], memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } });
    expect((await api(t.app, await login(t.app, reader, { organizationId: org.id })).get(url)).statusCode).toBe(403);
  });
});
