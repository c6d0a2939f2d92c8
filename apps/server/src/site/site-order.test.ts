import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { uploadPhoto } from './site.testkit.ts';

// Issue 26 point 3: pages, banners, products and a product's instances are dragged into an order
// (PUT …/order with the whole list), and the website lists them so.
let t: TestApp;
let editor: string;
let pageOnly: string;
let photo: number;
const as = (tk: string = editor) => api(t.app, tk);
const html = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
/** Where each text first appears in the page: their order on it. */
const placesIn = (body: string, texts: string[]) => texts.map((x) => body.indexOf(x));
const inOrder = (body: string, texts: string[]) => {
  const at = placesIn(body, texts);
  return at.every((p) => p >= 0) && at.every((p, i) => i === 0 || p > at[i - 1]!);
};
const created = async (path: string, body: Record<string, unknown>) => {
  const res = await as().post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
};
const reorders = (target: string) =>
  t.db
    .selectFrom('audit_logs')
    .select(['action', 'target_id', 'before', 'after'])
    .where('target_type', '=', target)
    .where('action', 'like', 'reorder%')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PAGE', 'ROLE_BANNER', 'ROLE_PHOTO', 'ROLE_PRODUCT'] }));
  pageOnly = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PAGE'] }));
  photo = await uploadPhoto(t.app, editor);
});
afterAll(async () => {
  await t?.close();
});

describe('drag to reorder', () => {
  it("stores a page type's order, refuses a page of another type, and the website's list follows it", async () => {
    const page = (title: string, type = 'default') =>
      created('/api/admin/page', { type, title, slug: `p-${title}`, body: '<p>x</p>', status: 'published' });
    const [a, b, c] = [await page('甲頁'), await page('乙頁'), await page('丙頁')];
    const news = await page('新聞頁', 'article');
    // Newest first while nobody has ordered them.
    expect(inOrder(await html('/site/pages'), ['丙頁', '乙頁', '甲頁'])).toBe(true);

    const foreign = await as().put('/api/admin/page/order', { type: 'default', ids: [a, b, news] });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().errors).toEqual({ ids: ['validate.error.order_stale'] });
    expect((await as().put('/api/admin/page/order', { type: 'nope', ids: [a, b, c] })).statusCode).toBe(400);
    expect(
      (await as().put('/api/admin/page/order', { type: 'default', ids: [a, b, c] })).json().data.map((p: { id: number }) => p.id),
    ).toEqual([a, b, c]);
    expect(inOrder(await html('/site/pages'), ['甲頁', '乙頁', '丙頁'])).toBe(true);
    const listed = (await as().get('/api/admin/page/index?type=default&sort=sort_order&order=asc')).json();
    expect(listed.data.map((p: { id: number }) => p.id)).toEqual([a, b, c]);
    const [entry] = await reorders('page');
    expect(entry).toMatchObject({ action: 'reorder' });
    expect(JSON.parse(entry!.after!)).toEqual({ ids: [a, b, c] });
  });

  it("stores the products' order for the website, refusing a list with one missing and a user without ROLE_PRODUCT", async () => {
    const product = (name: string) =>
      created('/api/admin/product', { slug: `s-${name.length}-${name.charCodeAt(0)}`, name, description: '', status: 'published' });
    const [x, y] = [await product('水泥'), await product('砂石')];
    expect((await as(pageOnly).put('/api/admin/product/order', { ids: [y, x] })).statusCode).toBe(403);
    const missing = await as().put('/api/admin/product/order', { ids: [y] });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().errors).toEqual({ ids: ['validate.error.order_stale'] });
    expect(inOrder(await html('/site/products'), ['水泥', '砂石'])).toBe(true);
    expect((await as().put('/api/admin/product/order', { ids: [y, x] })).statusCode).toBe(200);
    expect(inOrder(await html('/site/products'), ['砂石', '水泥'])).toBe(true);
    expect((await reorders('product')).map((e) => e.action)).toEqual(['reorder']);
  });

  it("stores a product's instance order, refusing another product's instance; regenerating keeps it", async () => {
    const attributes = [{ name: '規格', values: ['20kg', '40kg', '60kg'] }];
    const p = await created('/api/admin/product', { slug: 'mortar', name: '砂漿', description: '', status: 'published', attributes });
    const q = await created('/api/admin/product', { slug: 'grout', name: '灌漿料', description: '', status: 'published' });
    await as().post(`/api/admin/product/${p}/instances/generate`, {});
    await as().post(`/api/admin/product/${q}/instances/generate`, {});
    const ids = async (id: number) => (await as().get(`/api/admin/product/${id}/instances`)).json().data.map((i: { id: number }) => i.id);
    const [i20, i40, i60] = await ids(p);
    const [other] = await ids(q);
    const path = `/api/admin/product/${p}/instances/order`;

    const stolen = await as().put(path, { ids: [i60, i20, other] });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().errors).toEqual({ ids: ['validate.error.order_stale'] });
    expect((await as().put(`/api/admin/product/${q}/instances/order`, { ids: [i20] })).statusCode).toBe(409);
    expect((await as().put('/api/admin/product/999999/instances/order', { ids: [i20] })).statusCode).toBe(404);
    expect((await as(pageOnly).put(path, { ids: [i60, i20, i40] })).statusCode).toBe(403);
    expect(await ids(p)).toEqual([i20, i40, i60]);

    const moved = await as().put(path, { ids: [i60, i20, i40] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.map((i: { name: string }) => i.name)).toEqual(['60kg', '20kg', '40kg']);
    expect(inOrder(await html('/site/products/mortar'), ['60kg', '20kg', '40kg'])).toBe(true);

    // A new value: kept instances stay where they were dragged, the new one follows its predecessor in the list.
    await as().put(`/api/admin/product/${p}`, {
      slug: 'mortar',
      name: '砂漿',
      description: '',
      status: 'published',
      attributes: [{ name: '規格', values: ['20kg', '30kg', '40kg', '60kg'] }],
    });
    const regenerated = await as().post(`/api/admin/product/${p}/instances/generate`, {});
    expect(regenerated.json().data.map((i: { name: string }) => i.name)).toEqual(['60kg', '20kg', '30kg', '40kg']);
    const [entry] = (await reorders('product')).filter((e) => e.action === 'reorder_instances');
    expect(entry).toMatchObject({ action: 'reorder_instances', target_id: String(p) });
    expect(JSON.parse(entry!.before!)).toEqual({ ids: [i20, i40, i60] });
  });

  it("stores a position's banner order for the home page", async () => {
    const banner = (title: string) => created('/api/admin/banner', { title, position: 'home', photo_id: photo });
    const [one, two] = [await banner('第一橫幅'), await banner('第二橫幅')];
    expect(inOrder(await html('/site'), ['第一橫幅', '第二橫幅'])).toBe(true);
    expect((await as().put('/api/admin/banner/order', { position: 'news', ids: [two, one] })).statusCode).toBe(409);
    expect((await as(pageOnly).put('/api/admin/banner/order', { position: 'home', ids: [two, one] })).statusCode).toBe(403);
    expect((await as().put('/api/admin/banner/order', { position: 'home', ids: [two, one] })).statusCode).toBe(200);
    expect(inOrder(await html('/site'), ['第二橫幅', '第一橫幅'])).toBe(true);
  });
});
