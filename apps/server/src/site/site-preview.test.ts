import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInTaipei } from '@bo/shared/dates';
import { previewPath } from '@bo/shared/site-paths';
import { api, buildAdmin, buildOrganization, createTestApp, login, type BuiltAdmin, type TestApp } from '../../test/helpers.ts';
import { uploadMultipart } from '../../test/multipart.ts';
import { samplePhoto } from '../modules/staff-excel/staff-excel.fixtures.ts';
import { LinkSigner } from '../lib/link-signer.ts';
import { PREVIEW_TTL_SECONDS, previewSigner } from '../lib/kit/site-preview.ts';

let t: TestApp;
let editorAdmin: BuiltAdmin;
let editor: string;
let pageOnlyAdmin: BuiltAdmin;
let pageOnly: string;
let noContentRole: string;
let photoId: number;
const as = (tk?: string) => api(t.app, tk);
/** A URL the API answered, opened in process (its path and query on the test app). */
const open = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
const siteLink = (tk: string, kind: string, id: number) => as(tk).get(`/api/admin/${kind}/${id}/site-link`);
let n = 0;
const newPage = async (body: Record<string, unknown> = {}) => {
  const res = await as(editor).post('/api/admin/page', {
    type: 'article',
    slug: `preview-${++n}`,
    title: `草稿標題 ${n}`,
    body: '<p>草稿內文</p>',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; slug: string; title: string };
};

beforeAll(async () => {
  t = await createTestApp();
  const org = (await buildOrganization(t.db)).id;
  editorAdmin = await buildAdmin(t.db, { roles: ['ROLE_PAGE', 'ROLE_PRODUCT', 'ROLE_BANNER', 'ROLE_PHOTO'], memberships: { [org]: [] } });
  editor = await login(t.app, editorAdmin, { organizationId: org });
  pageOnlyAdmin = await buildAdmin(t.db, { roles: ['ROLE_PAGE'] });
  pageOnly = await login(t.app, pageOnlyAdmin);
  noContentRole = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_STAFF'] }));
  const up = await uploadMultipart(
    t.app,
    editor,
    '/api/admin/photo/upload?library=company',
    {},
    { name: 'b.jpg', data: await samplePhoto('#0ea5e9', 160, 60), type: 'image/jpeg' },
  );
  expect(up.statusCode, up.body).toBe(200);
  photoId = up.json().id;
});
afterAll(async () => {
  await t?.close();
});

describe('view on the website', () => {
  it('a published page: its public address, no preview and no expiry; the address is the page on the site', async () => {
    const page = await newPage({ status: 'published' });
    const res = await siteLink(editor, 'page', page.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ url: `${t.config.site.url}/news/${page.slug}`, preview: false, expires_at: null });
    const site = await open(res.json().url);
    expect(site.statusCode).toBe(200);
    expect(site.body).toContain(page.title);
  });

  it('a draft page: a signed preview link, valid an hour, that shows the draft on the site, not indexed nor cached', async () => {
    const page = await newPage();
    const before = Date.now();
    const link = (await siteLink(editor, 'page', page.id)).json();
    expect(link.preview).toBe(true);
    expect(link.url.startsWith(`${t.config.site.url}${previewPath('page', page.id)}?`)).toBe(true);
    const ttl = Date.parse(link.expires_at) - before;
    expect(ttl).toBeGreaterThan((PREVIEW_TTL_SECONDS - 5) * 1000);
    expect(ttl).toBeLessThanOrEqual((PREVIEW_TTL_SECONDS + 1) * 1000);
    const site = await open(link.url);
    expect(site.statusCode).toBe(200);
    expect(site.body).toContain(page.title);
    expect(site.body).toContain('草稿內文');
    expect(site.body).toContain('data-preview');
    // Not published: no publication date shown.
    expect(site.body).not.toContain('發布日期');
    expect(site.body).toContain('<meta name="robots" content="noindex">');
    expect(site.headers['cache-control']).toBe('private, no-store');
    // The English link keeps the signature: the same draft in English.
    const english = /href="([^"]*\/en\/preview\/page\/[^"]+)"/.exec(site.body)?.[1]?.replaceAll('&amp;', '&');
    expect(english).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: english! })).statusCode).toBe(200);
    // The draft stays off the public pages.
    expect((await as().get(`/api/public/pages/article/${page.slug}`)).statusCode).toBe(404);
  });

  it('refuses a tampered link, another page with the same signature, an expired link and a revoked signer', async () => {
    const [page, other] = [await newPage(), await newPage()];
    const url = new URL((await siteLink(editor, 'page', page.id)).json().url);
    const q = url.searchParams;
    const apiOf = (id: number, params: URLSearchParams) => as().get(`/api/public/preview/page/${id}?${params}`);
    expect((await apiOf(page.id, q)).statusCode).toBe(200);
    const with_ = (k: string, v: string) => {
      const c = new URLSearchParams(q);
      c.set(k, v);
      return c;
    };
    const sig = q.get('sig')!;
    for (const forged of [
      with_('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      with_('e', String(Number(q.get('e')) + 3600)),
      with_('s', String(Number(q.get('s')) + 1)),
      new URLSearchParams({ e: q.get('e')!, i: q.get('i')!, s: q.get('s')! }),
    ]) {
      const res = await apiOf(page.id, forged);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Invalid signature' });
    }
    // The signature of one page opens no other.
    expect((await apiOf(other.id, q)).json()).toEqual({ message: 'Invalid signature' });
    // A file link's key does not sign previews.
    const fileKey = new LinkSigner(t.config.jwtSecret, 'bo:signed-file-link:v1').link(previewPath('page', page.id), editorAdmin.id, 600);
    expect((await as().get(`/api/public/preview/page/${page.id}?${fileKey.query}`)).json()).toEqual({ message: 'Invalid signature' });
    const expired = previewSigner(t.config.jwtSecret).link(previewPath('page', page.id), editorAdmin.id, 60, '', Date.now() - 2 * 3600_000);
    const late = await as().get(`/api/public/preview/page/${page.id}?${expired.query}`);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ message: 'Link expired' });
    // The website says the link cannot be opened (403), never shows the draft.
    const refused = await t.app.inject({ method: 'GET', url: `${t.config.site.prefix}${previewPath('page', page.id)}?${expired.query}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('無法開啟預覽');
    expect(refused.body).not.toContain(page.title);

    // The link speaks for its signer: one who lost the role, or was disabled, opens nothing.
    const signer = await buildAdmin(t.db, { roles: ['ROLE_PAGE'] });
    const signed = new URL((await siteLink(await login(t.app, signer), 'page', page.id)).json().url).searchParams;
    expect((await apiOf(page.id, signed)).statusCode).toBe(200);
    await t.db
      .updateTable('admins')
      .set({ roles: JSON.stringify(['ROLE_STAFF']) })
      .where('id', '=', signer.id)
      .execute();
    expect((await apiOf(page.id, signed)).json()).toEqual({ message: 'Link revoked' });
    await t.db
      .updateTable('admins')
      .set({ roles: JSON.stringify(['ROLE_PAGE']), status: 'disabled' })
      .where('id', '=', signer.id)
      .execute();
    expect((await apiOf(page.id, signed)).json()).toEqual({ message: 'Link revoked' });
  });

  it('only editors of the content get a link: other roles 403, no token 401, a missing record 404', async () => {
    const page = await newPage();
    expect((await siteLink(noContentRole, 'page', page.id)).statusCode).toBe(403);
    expect((await as().get(`/api/admin/page/${page.id}/site-link`)).statusCode).toBe(401);
    expect((await siteLink(pageOnly, 'page', page.id)).statusCode).toBe(200);
    expect((await siteLink(editor, 'page', 999_999)).statusCode).toBe(404);
    const product = (await as(editor).post('/api/admin/product', { slug: 'preview-product', name: '草稿產品' })).json();
    // A page editor may not see a draft product.
    expect((await siteLink(pageOnly, 'product', product.id)).statusCode).toBe(403);
    // A link a page editor could sign for a product (not their content) is revoked.
    const forged = previewSigner(t.config.jwtSecret).link(previewPath('product', product.id), pageOnlyAdmin.id, 600);
    expect((await as().get(`/api/public/preview/product/${product.id}?${forged.query}`)).json()).toEqual({ message: 'Link revoked' });
  });

  it('a draft product previews on the site; published, its public address', async () => {
    const product = (await as(editor).post('/api/admin/product', { slug: 'steel-beam', name: '草稿鋼樑' })).json();
    const link = (await siteLink(editor, 'product', product.id)).json();
    expect(link.preview).toBe(true);
    const site = await open(link.url);
    expect(site.statusCode).toBe(200);
    expect(site.body).toContain('草稿鋼樑');
    expect(site.body).toContain('data-preview');
    await as(editor).patch(`/api/admin/product/${product.id}`, { field: 'status', value: 'published' });
    expect((await siteLink(editor, 'product', product.id)).json()).toEqual({
      url: `${t.config.site.url}/products/steel-beam`,
      preview: false,
      expires_at: null,
    });
  });

  it('a banner shown today opens the home page; a scheduled one previews the home page with it first', async () => {
    const live = (await as(editor).post('/api/admin/banner', { title: '今日橫幅', position: 'home', photo_id: photoId })).json();
    expect((await siteLink(editor, 'banner', live.id)).json()).toEqual({ url: `${t.config.site.url}/`, preview: false, expires_at: null });
    const later = (
      await as(editor).post('/api/admin/banner', {
        title: '下週橫幅',
        position: 'home',
        photo_id: photoId,
        starts_on: addDays(todayInTaipei(), 7),
      })
    ).json();
    const link = (await siteLink(editor, 'banner', later.id)).json();
    expect(link.preview).toBe(true);
    const site = await open(link.url);
    expect(site.statusCode).toBe(200);
    expect(site.body.indexOf('下週橫幅')).toBeGreaterThan(-1);
    expect(site.body.indexOf('下週橫幅')).toBeLessThan(site.body.indexOf('今日橫幅'));
    // The public home page does not show it.
    expect((await t.app.inject({ method: 'GET', url: `${t.config.site.prefix}/` })).body).not.toContain('下週橫幅');
  });
});
