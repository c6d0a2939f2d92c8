import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { SITE_CSS } from './site-assets.ts';

// Issue 42 item 9: on a phone the product page shows a card per SKU, price first, instead of a table
// scrolled sideways; the table stays for wider screens.
let t: TestApp;
let editor: string;
const as = () => api(t.app, editor);

beforeAll(async () => {
  t = await createTestApp();
  editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PRODUCT'] }));
  const res = await as().post('/api/admin/product', {
    slug: 'rebar',
    name: '鋼筋',
    attributes: [{ name: '規格', values: ['#3', '#4'] }],
    status: 'published',
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().id as number;
  const generated = (await as().post(`/api/admin/product/${id}/instances/generate`, {})).json().data as { id: number }[];
  await as().patch(`/api/admin/product/${id}/instances/batch`, { ids: [generated[0]!.id], price: 12_345, stock: 8 });
  await as().patch(`/api/admin/product/${id}/instances/batch`, { ids: [generated[1]!.id], price: 980, stock: 0 });
});
afterAll(async () => {
  await t?.close();
});

describe('the product page on a phone', () => {
  it('has a card per SKU with its price first, then the option, SKU and stock', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/site/products/rebar' });
    expect(res.statusCode).toBe(200);
    const cards = [...res.body.matchAll(/<li class="instance-card">(.*?)<\/li>/g)].map((m) => m[1]!);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toMatch(
      /^<p class="instance-price">NT\$12,345<\/p><p class="instance-name">#3<\/p><dl><div><dt>料號<\/dt><dd>P\d+-001<\/dd><\/div><div><dt>庫存<\/dt><dd>8 件<\/dd>/,
    );
    expect(cards[1]).toContain('<span class="out">缺貨</span>');
    // The table is still there for wider screens.
    expect(res.body).toContain('<div class="table-scroll instances-wide"');
    const en = await t.app.inject({ method: 'GET', url: '/site/en/products/rebar' });
    expect(en.body).toMatch(/<p class="instance-price">NT\$12,345<\/p><p class="instance-name">#3<\/p><dl><div><dt>SKU<\/dt>/);
  });

  it('shows the cards below 40rem and the table from 40rem, never both', () => {
    const css = SITE_CSS.body.toString();
    expect(css).toMatch(/\.instances-wide\s*\{\s*display:\s*none;?\s*\}/);
    expect(css).toMatch(
      /@media \(min-width:\s*40rem\)\s*\{\s*\.instance-cards\s*\{\s*display:\s*none;?\s*\}\s*\.instances-wide\s*\{\s*display:\s*block;?\s*\}/,
    );
  });
});
