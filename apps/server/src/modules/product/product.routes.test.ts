import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { uploadMultipart } from '../../../test/multipart.ts';
import { samplePhoto } from '../staff-excel/staff-excel.fixtures.ts';

let t: TestApp;
let editor: string;
let photoEditor: string;
const as = (tk?: string) => api(t.app, tk);
const P = '/api/admin/product';
const C = '/api/admin/product-category';
let n = 0;
const slug = () => `product-${++n}`;

type Instance = { id: number; name: string; sku: string; price: number; stock: number; values: string[]; photo_id: number | null };

const SIZES = { name: '規格', values: ['20kg', '40kg'] };
const COLOURS = { name: '顏色', name_en: 'Colour', values: ['灰', '白'] };

const newProduct = async (body: Record<string, unknown> = {}) => {
  const res = await as(editor).post(P, { slug: slug(), name: '水泥', description: '<p>說明</p>', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; slug: string; name: string; attributes: unknown[]; published_at: string | null };
};
const putProduct = (id: number, body: Record<string, unknown>) => as(editor).put(`${P}/${id}`, { description: '', ...body });
const generate = (id: number, body: Record<string, unknown> = {}) => as(editor).post(`${P}/${id}/instances/generate`, body);
const instances = async (id: number): Promise<Instance[]> => (await as(editor).get(`${P}/${id}/instances`)).json().data;

const storeConfig = (value: Record<string, unknown>) =>
  t.db
    .insertInto('app_configs')
    .values({ name: 'app', value: JSON.stringify(value), updated_at: new Date().toISOString() })
    .onConflict((c) => c.column('name').doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
const ALL_ON = { admin: true, banner: true, contact: true, page: true, video: true, member: true, product: true };
const resetConfig = () => t.db.deleteFrom('app_configs').where('name', '=', 'app').execute();

let orgA: number;

beforeAll(async () => {
  t = await createTestApp();
  orgA = (await buildOrganization(t.db)).id;
  editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PRODUCT'], memberships: { [orgA]: [] } }), { organizationId: orgA });
  photoEditor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PHOTO', 'ROLE_PRODUCT'], memberships: { [orgA]: [] } }), {
    organizationId: orgA,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('product categories', () => {
  it('keeps the tree within productCategoryDepth (2): deeper is a field error; a category in use stays', async () => {
    const root = (await as(editor).post(C, { name: '建材' })).json();
    expect(root).toMatchObject({ depth: 1, parent_id: null, product_count: 0 });
    const sub = (await as(editor).post(C, { name: '水泥', parent_id: root.id })).json();
    expect(sub).toMatchObject({ depth: 2 });
    const third = await as(editor).post(C, { name: '太深', parent_id: sub.id });
    expect(third.statusCode).toBe(400);
    expect(third.json().errors).toEqual({ parent_id: ['validate.error.category_too_deep'] });
    expect((await as(editor).post(C, { name: 'x', parent_id: 999_999 })).json().errors).toEqual({ parent_id: ['validate.error.invalid'] });

    const tree = (await as(editor).get(`${C}/tree`)).json();
    expect(tree.max_depth).toBe(2);
    expect(tree.data.find((c: { id: number }) => c.id === root.id)).toMatchObject({
      name: '建材',
      children: [{ name: '水泥', children: [] }],
    });

    // With sub-categories, or with products, a category is not deleted.
    expect((await as(editor).delete(`${C}/${root.id}`)).statusCode).toBe(409);
    await newProduct({ category_id: sub.id });
    expect((await as(editor).delete(`${C}/${sub.id}`)).statusCode).toBe(409);
    expect((await as(editor).get(`${C}/${sub.id}`)).json().product_count).toBe(1);
    const empty = (await as(editor).post(C, { name: '空的' })).json();
    expect((await as(editor).delete(`${C}/${empty.id}`)).statusCode).toBe(200);
  });
});

describe('products', () => {
  it('sanitises the description, keeps slugs unique (409 field error), sets published_at once, filters the list', async () => {
    const p = await newProduct({ slug: 'portland-cement', description: '<p onclick="x()">好<script>alert(1)</script></p>' });
    const stored = await t.db.selectFrom('products').select('description').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(stored.description).toBe('<p>好</p>');
    const again = await as(editor).post(P, { slug: 'Portland-Cement', name: '另一個' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ slug: ['validate.error.slug_taken'] });
    expect(p.published_at).toBeNull();

    const published = await as(editor).patch(`${P}/${p.id}`, { field: 'status', value: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    const first = published.json().published_at;
    expect(first).toEqual(expect.any(String));
    await as(editor).patch(`${P}/${p.id}`, { field: 'status', value: 'draft' });
    const back = await as(editor).patch(`${P}/${p.id}`, { field: 'status', value: 'published' });
    expect(back.json().published_at).toBe(first);
    expect((await as(editor).patch(`${P}/${p.id}`, { field: 'slug', value: 'x' })).statusCode).toBe(400);

    const list = (await as(editor).get(`${P}/index?status=published&keyword=portland`)).json();
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect((await as(editor).get(`${P}/index?status=draft&keyword=portland`)).json().data).toEqual([]);
    // Attribute values repeat within a list: a field error.
    const dup = await as(editor).post(P, { slug: slug(), name: 'x', attributes: [{ name: '色', values: ['灰', '灰'] }] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ 'attributes.0.values': ['validate.error.duplicate_value'] });
  });

  it('generates 2 × 2 = 4 instances named with the separator, each with a generated SKU, price 0 and stock 0', async () => {
    const p = await newProduct({ attributes: [SIZES, COLOURS] });
    const res = await generate(p.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ created: 4, kept: 0, removed: 0 });
    expect(body.data.map((i: Instance) => [i.name, i.values, i.sku, i.price, i.stock])).toEqual([
      ['20kg-灰', ['20kg', '灰'], `P${p.id}-001`, 0, 0],
      ['20kg-白', ['20kg', '白'], `P${p.id}-002`, 0, 0],
      ['40kg-灰', ['40kg', '灰'], `P${p.id}-003`, 0, 0],
      ['40kg-白', ['40kg', '白'], `P${p.id}-004`, 0, 0],
    ]);
    // The product's figures follow its instances.
    expect((await as(editor).get(`${P}/${p.id}`)).json()).toMatchObject({ instance_count: 4, price_min: 0, price_max: 0, stock_total: 0 });
    // Nothing to do: nothing written, nothing audited.
    expect((await generate(p.id)).json()).toMatchObject({ created: 0, kept: 4, removed: 0 });
    const audits = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'target_label'])
      .where('target_type', '=', 'product')
      .where('target_id', '=', String(p.id))
      .where('action', '=', 'generate_instances')
      .execute();
    expect(audits).toEqual([{ action: 'generate_instances', target_label: '水泥' }]);
  });

  it('makes one instance without lists (named after the product) and one per value with one list', async () => {
    const none = await newProduct({ name: '砂' });
    expect((await generate(none.id)).json().data.map((i: Instance) => [i.name, i.values])).toEqual([['砂', []]]);
    const one = await newProduct({ attributes: [SIZES] });
    expect((await generate(one.id)).json().data.map((i: Instance) => i.name)).toEqual(['20kg', '40kg']);
  });

  it('keeps existing instances (ids, SKUs, prices) on regeneration; a removal needs remove: true, else 409 and nothing written', async () => {
    const p = await newProduct({ attributes: [SIZES, COLOURS] });
    const before = (await generate(p.id)).json().data as Instance[];
    const edited = await as(editor).put(`${P}/${p.id}/instances/${before[0].id}`, {
      sku: 'CEM-20-GREY',
      price: 180,
      stock: 12,
      photo_id: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ sku: 'CEM-20-GREY', price: 180, stock: 12, name: '20kg-灰' });
    // The list's keyword finds a product by an instance's SKU too (any case, any part of it).
    const bySku = (await as(editor).get(`${P}/index?keyword=cem-20-g`)).json();
    expect(bySku.data.map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect((await as(editor).get(`${P}/index?keyword=CEM-20-GREYX`)).json().data).toEqual([]);

    // A value added: 2 more, the 4 kept as they were.
    expect(
      (await putProduct(p.id, { slug: p.slug, name: p.name, attributes: [SIZES, { ...COLOURS, values: ['灰', '白', '黑'] }] })).statusCode,
    ).toBe(200);
    const grown = (await generate(p.id)).json();
    expect(grown).toMatchObject({ created: 2, kept: 4, removed: 0 });
    expect(grown.data.map((i: Instance) => i.name)).toEqual(['20kg-灰', '20kg-白', '20kg-黑', '40kg-灰', '40kg-白', '40kg-黑']);
    for (const old of before) {
      const now = grown.data.find((i: Instance) => i.id === old.id);
      expect(now, old.name).toBeDefined();
      expect(now.sku).toBe(old.id === before[0].id ? 'CEM-20-GREY' : old.sku);
    }
    expect(grown.data.find((i: Instance) => i.id === before[0].id)).toMatchObject({ price: 180, stock: 12 });
    expect(grown.data.filter((i: Instance) => !before.some((b) => b.id === i.id)).map((i: Instance) => i.sku)).toEqual([
      `P${p.id}-005`,
      `P${p.id}-006`,
    ]);

    // A value removed: 409 naming the instances that would go; nothing written.
    await putProduct(p.id, { slug: p.slug, name: p.name, attributes: [SIZES, { ...COLOURS, values: ['灰', '黑'] }] });
    const auditsBefore = await t.db.selectFrom('audit_logs').select('id').execute();
    const refused = await generate(p.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errors: { instances: ['validate.error.instances_would_be_removed'] } });
    expect(refused.json().instances.map((i: { name: string }) => i.name)).toEqual(['20kg-白', '40kg-白']);
    expect((await instances(p.id)).length).toBe(6);
    expect((await t.db.selectFrom('audit_logs').select('id').execute()).length).toBe(auditsBefore.length);

    const removed = await generate(p.id, { remove: true });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ created: 0, kept: 4, removed: 2 });
    expect(removed.json().data.map((i: Instance) => i.name)).toEqual(['20kg-灰', '20kg-黑', '40kg-灰', '40kg-黑']);
    expect(removed.json().data[0]).toMatchObject({ id: before[0].id, sku: 'CEM-20-GREY', price: 180 });
    const audit = await t.db
      .selectFrom('audit_logs')
      .select('after')
      .where('target_type', '=', 'product')
      .where('target_id', '=', String(p.id))
      .where('action', '=', 'generate_instances')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!).removed.map((r: { name: string }) => r.name)).toEqual(['20kg-白', '40kg-白']);
  });

  it('renames the kept instances when the app config separator changes', async () => {
    const p = await newProduct({ attributes: [SIZES, COLOURS] });
    const before = (await generate(p.id)).json().data as Instance[];
    await storeConfig({ productInstanceSeparator: '/' });
    try {
      const res = (await generate(p.id)).json();
      expect(res).toMatchObject({ created: 0, kept: 4, removed: 0 });
      expect(res.data.map((i: Instance) => [i.id, i.name, i.sku])).toEqual(
        before.map((b, k) => [b.id, ['20kg/灰', '20kg/白', '40kg/灰', '40kg/白'][k], b.sku]),
      );
    } finally {
      await resetConfig();
    }
  });

  it('keeps SKUs unique across products, whatever their case (409 field error), and generation skips taken SKUs', async () => {
    const a = await newProduct({ attributes: [SIZES] });
    const b = await newProduct({ attributes: [SIZES] });
    const [a1] = (await generate(a.id)).json().data as Instance[];
    const [b1] = (await generate(b.id)).json().data as Instance[];
    const taken = await as(editor).put(`${P}/${b.id}/instances/${b1.id}`, { sku: a1.sku.toLowerCase(), price: 1, stock: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ sku: ['validate.error.sku_taken'] });
    // Its own SKU is not "taken".
    expect((await as(editor).put(`${P}/${b.id}/instances/${b1.id}`, { sku: b1.sku, price: 5, stock: 1 })).statusCode).toBe(200);
    expect((await as(editor).put(`${P}/${b.id}/instances/${b1.id}`, { sku: 'bad sku!', price: 5, stock: 1 })).json().errors).toEqual({
      sku: ['validate.error.invalid'],
    });
    // An instance of another product is not reached through this one.
    expect((await as(editor).put(`${P}/${a.id}/instances/${b1.id}`, { sku: 'ZZ-1', price: 1, stock: 1 })).statusCode).toBe(404);

    const c = await newProduct({ attributes: [SIZES] });
    await as(editor).put(`${P}/${b.id}/instances/${b1.id}`, { sku: `p${c.id}-001`, price: 5, stock: 1 });
    expect((await generate(c.id)).json().data.map((i: Instance) => i.sku)).toEqual([`P${c.id}-002`, `P${c.id}-003`]);
  });

  it("sets price and stock of many instances at once; another product's instance refuses the whole batch (404)", async () => {
    const p = await newProduct({ attributes: [SIZES, COLOURS] });
    const other = await newProduct({ attributes: [SIZES] });
    const [i1, i2, i3] = (await generate(p.id)).json().data as Instance[];
    const [o1] = (await generate(other.id)).json().data as Instance[];

    const priced = await as(editor).patch(`${P}/${p.id}/instances/batch`, { ids: [i1.id, i2.id], price: 250 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data.map((i: Instance) => [i.id, i.price, i.stock])).toEqual([
      [i1.id, 250, 0],
      [i2.id, 250, 0],
    ]);
    const stocked = await as(editor).patch(`${P}/${p.id}/instances/batch`, { ids: [i2.id, i3.id], stock: 7 });
    expect(stocked.json().data.map((i: Instance) => [i.id, i.price, i.stock])).toEqual([
      [i2.id, 250, 7],
      [i3.id, 0, 7],
    ]);
    expect((await as(editor).get(`${P}/${p.id}`)).json()).toMatchObject({ price_min: 0, price_max: 250, stock_total: 14 });

    const foreign = await as(editor).patch(`${P}/${p.id}/instances/batch`, { ids: [i1.id, o1.id], price: 1 });
    expect(foreign.statusCode).toBe(404);
    expect((await instances(p.id)).find((i) => i.id === i1.id)?.price).toBe(250);
    expect((await instances(other.id))[0].price).toBe(0);
    expect((await as(editor).patch(`${P}/${p.id}/instances/batch`, { ids: [i1.id] })).statusCode).toBe(400);
    const audits = await t.db
      .selectFrom('audit_logs')
      .select(['before', 'after'])
      .where('target_type', '=', 'product_instance')
      .where('target_id', '=', String(i1.id))
      .where('action', '=', 'patch')
      .execute();
    expect(audits.map((a) => [JSON.parse(a.before!), JSON.parse(a.after!)])).toEqual([[{ price: 0 }, { price: 250 }]]);
  });

  it('checks photos the editor may pick, and lets go of a library photo deleted from under a product or an instance', async () => {
    const upload = async (library = '?library=company') => {
      const res = await uploadMultipart(
        t.app,
        photoEditor,
        `/api/admin/photo/upload${library}`,
        {},
        { name: 'p.jpg', data: await samplePhoto('#f59e0b', 64, 36), type: 'image/jpeg' },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: number };
    };
    const cover = await upload();
    const other = await upload();
    // An organization's own photo is never the website's, whoever picks it (issue 42).
    const organizationPhoto = await upload('');
    const outsider = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PRODUCT'] }));
    for (const who of [outsider, editor]) {
      const refused = await as(who).post(P, { slug: slug(), name: 'x', photo_ids: [organizationPhoto.id] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ photo_ids: ['validate.error.invalid'] });
    }

    const p = await newProduct({ photo_ids: [cover.id, other.id] });
    const [inst] = (await generate(p.id)).json().data as Instance[];
    expect(
      (await as(editor).put(`${P}/${p.id}/instances/${inst.id}`, { sku: inst.sku, price: 1, stock: 1, photo_id: cover.id })).json(),
    ).toMatchObject({
      photo_id: cover.id,
      photo: { id: cover.id },
    });
    const del = await as(photoEditor).delete('/api/admin/photo/batch?library=company', { ids: [cover.id], confirm_uses: true });
    expect(del.statusCode, del.body).toBe(200);
    expect((await as(editor).get(`${P}/${p.id}`)).json()).toMatchObject({ photo_ids: [other.id], photos: [{ id: other.id }] });
    expect((await instances(p.id))[0]).toMatchObject({ photo_id: null });
    const unlinks = await t.db
      .selectFrom('audit_logs')
      .select(['target_type', 'after'])
      .where('action', '=', 'unlink_photo')
      .where('target_type', 'in', ['product', 'product_instance'])
      .orderBy('id')
      .execute();
    expect(unlinks.map((u) => [u.target_type, JSON.parse(u.after!)])).toEqual([
      ['product', { photo_ids: [other.id] }],
      ['product_instance', { photo_id: null }],
    ]);
  });
});

describe('public products', () => {
  it('serves published products only (a draft slug is 404), per locale, a category with its sub-categories', async () => {
    const root = (await as(editor).post(C, { name: '塗料', name_en: 'Paint' })).json();
    const sub = (await as(editor).post(C, { name: '防水', parent_id: root.id })).json();
    const inSub = await newProduct({
      name: '防水漆',
      name_en: 'Waterproof paint',
      summary: '摘要',
      summary_en: 'Summary',
      description_en: '<p>English</p>',
      category_id: sub.id,
      status: 'published',
      attributes: [{ name: '容量', name_en: 'Size', values: ['1L', '5L'] }],
    });
    await generate(inSub.id);
    const zhOnly = await newProduct({ name: '底漆', category_id: root.id, status: 'published' });
    const draft = await newProduct({ name: '草稿漆', category_id: root.id });

    const list = await as().get(`/api/public/products?category_id=${root.id}&locale=en-US`);
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().data.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([inSub.id, zhOnly.id]));
    expect(ids).not.toContain(draft.id);
    expect(list.json().data.find((x: { id: number }) => x.id === inSub.id)).toMatchObject({
      name: 'Waterproof paint',
      summary: 'Summary',
      category: { id: sub.id, name: '防水' },
      price_min: 0,
    });
    expect(list.json().data.find((x: { id: number }) => x.id === zhOnly.id)).toMatchObject({ name: '底漆', category: { name: 'Paint' } });
    const all = (await as().get('/api/public/products?per_page=100')).json();
    expect(all.data.map((x: { id: number }) => x.id)).not.toContain(draft.id);

    const one = await as().get(`/api/public/products/${inSub.slug}?locale=en-US`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      name: 'Waterproof paint',
      description: '<p>English</p>',
      locale: 'en-US',
      attributes: [{ name: 'Size', values: ['1L', '5L'] }],
      instances: [
        { name: '1L', sku: `P${inSub.id}-001`, price: 0 },
        { name: '5L', sku: `P${inSub.id}-002`, price: 0 },
      ],
    });
    expect(one.headers.etag).toBeTruthy();
    expect(
      (await as().get(`/api/public/products/${inSub.slug}?locale=en-US`, { 'if-none-match': String(one.headers.etag) })).statusCode,
    ).toBe(304);
    expect((await as().get(`/api/public/products/${zhOnly.slug}?locale=en-US`)).json()).toMatchObject({ name: '底漆', locale: 'zh-TW' });
    expect((await as().get(`/api/public/products/${draft.slug}`)).statusCode).toBe(404);

    const tree = (await as().get('/api/public/product-categories?locale=en-US')).json();
    expect(tree.data.find((c: { id: number }) => c.id === root.id)).toMatchObject({ name: 'Paint', children: [{ name: '防水' }] });
  });
});

describe('access', () => {
  it('refuses a ROLE_PAGE admin (403) and answers 404 everywhere while the module is off', async () => {
    const pageEditor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PAGE'] }));
    const p = await newProduct({ status: 'published' });
    expect((await as(pageEditor).get(`${P}/index`)).statusCode).toBe(403);
    expect((await as(pageEditor).get(`${C}/tree`)).statusCode).toBe(403);
    expect((await as(pageEditor).get(`${P}/${p.id}/instances`)).statusCode).toBe(403);
    expect((await as(pageEditor).post(`${P}/${p.id}/instances/generate`, {})).statusCode).toBe(403);
    expect((await as().get(`${P}/index`)).statusCode).toBe(401);

    await storeConfig({ modules: { ...ALL_ON, product: false } });
    try {
      expect((await as(editor).get(`${P}/index`)).statusCode).toBe(404);
      expect((await as(editor).get(`${C}/index`)).statusCode).toBe(404);
      expect((await as(editor).get(`${C}/tree`)).statusCode).toBe(404);
      expect((await as(editor).get(`${P}/${p.id}/instances`)).statusCode).toBe(404);
      expect((await as(editor).post(`${P}/${p.id}/instances/generate`, {})).statusCode).toBe(404);
      expect((await as().get('/api/public/products')).statusCode).toBe(404);
      expect((await as().get(`/api/public/products/${p.slug}`)).statusCode).toBe(404);
      expect((await as().get('/api/public/product-categories')).statusCode).toBe(404);
    } finally {
      await resetConfig();
    }
    expect((await as().get(`/api/public/products/${p.slug}`)).statusCode).toBe(200);
  });
});
