import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';

// Issue 36: a product with its instances (SKU rows) is one record: an instance's change is the
// product's, and every instance write sends the product's version.
const P = '/api/admin/product';
type Instance = { id: number; sku: string; price: number; stock: number };

let t: TestApp;
let amy: string;
let ben: string;
let benId: number;

beforeAll(async () => {
  t = await createTestApp();
  amy = await login(t.app, await buildAdmin(t.db, { name: 'Amy', roles: ['ROLE_PRODUCT'] }));
  const b = await buildAdmin(t.db, { name: '林小華', roles: ['ROLE_PRODUCT'] });
  benId = b.id;
  ben = await login(t.app, b);
});
afterAll(async () => {
  await t?.close();
});

const as = (token: string) => api(t.app, token, { versions: false });
const ifMatch = (v: number | string) => ({ 'if-match': String(v) });
let n = 0;
const productWithInstances = async () => {
  const created = await as(amy).post(P, {
    slug: `versioned-${++n}`,
    name: '水泥',
    description: '',
    attributes: [{ name: '規格', values: ['20kg', '40kg'] }],
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as number;
  const generated = await as(amy).post(`${P}/${id}/instances/generate`, {}, ifMatch(created.json().version));
  expect(generated.statusCode, generated.body).toBe(200);
  return id;
};
const instanceRows = (productId: number) =>
  t.db.selectFrom('product_instances').select(['id', 'sku', 'price', 'stock']).where('product_id', '=', productId).orderBy('id').execute();
const auditCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('audit_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('target_type', 'in', ['product', 'product_instance'])
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('products with their SKU rows, versioned (issue 36)', () => {
  it("refuses a stale instance write after another editor's, naming the instances as the changed field, and writes nothing", async () => {
    const id = await productWithInstances();
    const [a, b] = [await as(amy).get(`${P}/${id}/instances`), await as(ben).get(`${P}/${id}/instances`)];
    expect(a.headers.etag).toBe(b.headers.etag);
    const [first] = a.json().data as Instance[];
    const saved = await as(ben).put(
      `${P}/${id}/instances/${first!.id}`,
      { sku: first!.sku, price: 180, stock: 3 },
      ifMatch(b.headers.etag as string),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await instanceRows(id);
    const audits = await auditCount();

    const stale = await as(amy).patch(
      `${P}/${id}/instances/batch`,
      { ids: rows.map((r) => r.id), stock: 99 },
      ifMatch(a.headers.etag as string),
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().conflict).toMatchObject({ id, changed_by: { id: benId, name: '林小華' }, fields: ['instances'] });
    expect(stale.json().conflict.current).toMatchObject({ id, name: '水泥' });
    expect(await instanceRows(id)).toEqual(rows);
    expect(await auditCount()).toBe(audits);

    // The product's own form, read before the instance changed, is behind too.
    const product = await as(amy).get(`${P}/${id}`);
    expect(product.headers.etag).toBe(`"${stale.json().conflict.version}"`);
    const staleProduct = await as(amy).put(
      `${P}/${id}`,
      { slug: product.json().slug, name: '水泥（新）', description: '' },
      ifMatch(a.headers.etag as string),
    );
    expect(staleProduct.statusCode).toBe(409);
    expect((await as(amy).get(`${P}/${id}`)).json().name).toBe('水泥');
  });

  it('answers 428 for an instance write, reorder or regeneration without the product’s version, and If-Match: * overwrites, audited', async () => {
    const id = await productWithInstances();
    const rows = await instanceRows(id);
    const audits = await auditCount();
    for (const res of [
      await as(amy).put(`${P}/${id}/instances/${rows[0]!.id}`, { sku: rows[0]!.sku, price: 1, stock: 1 }),
      await as(amy).patch(`${P}/${id}/instances/batch`, { ids: [rows[0]!.id], price: 5 }),
      await as(amy).put(`${P}/${id}/instances/order`, { ids: rows.map((r) => r.id).reverse() }),
      await as(amy).post(`${P}/${id}/instances/generate`, {}),
    ]) {
      expect(res.statusCode, res.body).toBe(428);
      expect(res.json().key).toBe('validate.error.version_required');
    }
    expect(await instanceRows(id)).toEqual(rows);
    expect(await auditCount()).toBe(audits);

    const forced = await as(amy).patch(`${P}/${id}/instances/batch`, { ids: rows.map((r) => r.id), price: 7 }, ifMatch('*'));
    expect(forced.statusCode, forced.body).toBe(200);
    expect((await instanceRows(id)).map((r) => r.price)).toEqual([7, 7]);
    const entries = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'after'])
      .where('target_type', '=', 'product_instance')
      .where(
        'target_id',
        'in',
        rows.map((r) => String(r.id)),
      )
      .execute();
    expect(entries.map((e) => [e.action, JSON.parse(e.after!).overwrite])).toEqual([
      ['patch', true],
      ['patch', true],
    ]);
  });

  it('refuses a stale reorder of the instances: an earlier reorder is a change of the product', async () => {
    const id = await productWithInstances();
    const read = await as(amy).get(`${P}/${id}/instances`);
    const ids = (read.json().data as Instance[]).map((i) => i.id);
    expect(
      (await as(ben).put(`${P}/${id}/instances/order`, { ids: [...ids].reverse() }, ifMatch(read.headers.etag as string))).statusCode,
    ).toBe(200);
    const stale = await as(amy).put(`${P}/${id}/instances/order`, { ids }, ifMatch(read.headers.etag as string));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().conflict.fields).toEqual(['ids']);
    expect(((await as(amy).get(`${P}/${id}/instances`)).json().data as Instance[]).map((i) => i.id)).toEqual([...ids].reverse());
  });
});

describe("a product's history with its SKU rows (issue 36)", () => {
  it("lists an instance's edit and a batch beside the product's own entries, read only, labelled by the instance", async () => {
    const id = await productWithInstances();
    const [first, second] = await instanceRows(id);
    const auto = api(t.app, amy);
    expect((await auto.put(`${P}/${id}/instances/${first!.id}`, { sku: 'CEM-20', price: 120, stock: 3 })).statusCode).toBe(200);
    expect((await auto.patch(`${P}/${id}/instances/batch`, { ids: [second!.id], stock: 9 })).statusCode).toBe(200);

    const res = await auto.get(`/api/admin/history/product/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const [batch, edit, ...own] = res.json().data;
    expect(batch).toMatchObject({
      action: 'patch',
      part: { target_type: 'product_instance', target_id: String(second!.id) },
      changes: [{ field: 'stock', label_key: 'product_instance.stock', before: second!.stock, after: 9 }],
      restorable: false,
    });
    expect(edit).toMatchObject({
      action: 'update',
      part: { target_type: 'product_instance', target_id: String(first!.id) },
      restorable: false,
    });
    expect(edit.changes).toEqual(
      expect.arrayContaining([{ field: 'sku', label_key: 'product_instance.sku', before: first!.sku, after: 'CEM-20' }]),
    );
    expect(own.map((e: any) => e.action)).toEqual(['generate_instances', 'create']);
    expect(own.every((e: any) => e.part === null)).toBe(true);
    expect(res.json().meta.total).toBe(4);

    // An instance's entry is not the product's to put back: 404, nothing written.
    expect((await auto.post(`/api/admin/history/product/${id}/restore`, { entry_id: edit.id })).statusCode).toBe(404);
    // Another product's history does not list these rows.
    const other = await productWithInstances();
    const others = (await auto.get(`/api/admin/history/product/${other}`)).json().data;
    expect(others.some((e: any) => e.part)).toBe(false);
    // The product roles decide.
    const outsider = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PAGE'] }));
    expect((await api(t.app, outsider).get(`/api/admin/history/product/${id}`)).statusCode).toBe(403);
  });
});
