import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  type ApiSession,
  expectAccessible,
  type LibraryPhoto,
  noSideScroll,
  seedAdminSession,
  shot,
  signedInPage,
  startFlow,
  type TestServer,
  uploadLibraryPhotos,
  waitForSettled,
} from './harness.ts';

// Issue 12: a product editor builds the category tree, writes a product with two attribute lists,
// generates its instance set, edits a SKU and the prices, and publishes it; the public API shows it.
const editor = { email: 'product.editor@example.com', password: 'Editor#2026', name: '產品編輯' };
const SLUG = 'dry-mortar';
let server: TestServer;
let browser: Browser;
let session: ApiSession;
let photos: LibraryPhoto[];
let productId = 0;

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  session = await seedAdminSession(server, editor, ['ROLE_PRODUCT', 'ROLE_PHOTO']);
  photos = await uploadLibraryPhotos(server.url, session, { 砂漿包裝: '#a16207', 施工情形: '#475569' });
});

const newPage = (width: number, height = 900, language: 'zh-TW' | 'en-US' = 'zh-TW') =>
  signedInPage(browser, server.url, editor, { width, height, language });

const modalsClosed = (page: Page) => expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
const saveForm = (page: Page) => page.getByTestId('form-submit').click();
const instanceRow = (page: Page, name: string): Locator => page.getByTestId('product-instance-row').filter({ hasText: name });
async function addValues(page: Page, list: number, values: string[]) {
  const input = page.getByTestId(`product-attribute-values-${list}`).locator('input');
  for (const v of values) {
    await input.fill(v);
    await input.press('Enter');
  }
}

describe('products', () => {
  it('builds a category under the depth the app settings allow', async () => {
    const { context, page, errors } = await newPage(1440);
    const menu = page.getByTestId('admin-menu');
    await menu.getByText('網站內容').click();
    await menu.getByText('產品分類').click();
    await page.waitForURL(`${server.url}/admin/product-category`);
    await page.getByTestId('product-category-create').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('product-category-name').fill('建材');
    await expect.poll(() => dialog.getByTestId('product-category-depth').textContent()).toContain('2 層');
    await dialog.getByRole('button', { name: /儲\s*存/ }).click();
    await page.waitForURL(/\/admin\/product-category\/\d+\/update$/);
    await modalsClosed(page);
    await page.goto(`${server.url}/admin/product-category`);
    await page.getByTestId('product-category-create').first().click();
    await page.getByRole('dialog').getByTestId('product-category-name').fill('乾拌砂漿');
    await page.getByTestId('product-category-parent').click();
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: '建材' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /儲\s*存/ })
      .click();
    await page.waitForURL(/\/admin\/product-category\/\d+\/update$/);
    const tree = await session.get('/api/admin/product-category/tree');
    expect(tree).toMatchObject({ max_depth: 2, data: [{ name: '建材', children: [{ name: '乾拌砂漿', depth: 2 }] }] });
    await page.goto(`${server.url}/admin/product-category`);
    await page.locator('tr.ant-table-row').filter({ hasText: '乾拌砂漿' }).waitFor();
    await shot(page, 'product-category-list');
    await expectAccessible(page, 'product category list 1440 zh-TW');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('writes a product with two attribute lists, photos and a description, and generates its four instances', async () => {
    const { context, page, errors } = await newPage(1440);
    await page.goto(`${server.url}/admin/product`);
    await page.getByText('還沒有產品').waitFor();
    await page.getByTestId('product-create').click();
    await page.waitForURL(/\/admin\/product\/create$/);
    await page.getByTestId('product-name').fill('乾拌水泥砂漿');
    await page.getByTestId('product-name-en').fill('Dry Mortar');
    // The URL name follows the name until it is typed by hand.
    await expect.poll(() => page.getByTestId('product-slug').inputValue()).toBe(SLUG);
    const body = page.locator('[contenteditable="true"]').first();
    await body.click();
    await page.keyboard.type('適用於地坪整平與砌磚，加水即可施工。');
    await page.getByTestId('product-category-select').click();
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: '乾拌砂漿' }).click();
    for (const p of photos) {
      await page.getByTestId('product-photos-add').click();
      await page.getByRole('button', { name: `選擇 ${p.title}` }).click();
      await modalsClosed(page);
    }
    await expect.poll(() => page.getByTestId('product-photos').locator('img').count()).toBe(2);
    // The second photo becomes the cover.
    await page.getByRole('button', { name: `${photos[1]!.title} 往前移` }).click();

    await page.getByTestId('product-attribute-add').click();
    await page.getByTestId('product-attribute-name-0').fill('規格');
    await addValues(page, 0, ['20kg', '40kg', '20kg']);
    await page.getByTestId('product-value-refused').filter({ hasText: '20kg' }).waitFor();
    await page.getByTestId('product-attribute-values-0').locator('input').fill('');
    await page.getByTestId('product-attribute-add').click();
    await page.getByTestId('product-attribute-name-1').fill('顏色');
    await addValues(page, 1, ['灰，白']);
    await expect(page.getByTestId('product-attribute-add').count()).resolves.toBe(0);
    await shot(page, 'product-form-create-1440');
    await expectAccessible(page, 'product form (create) 1440 zh-TW');
    await saveForm(page);
    await page.waitForURL(/\/admin\/product\/\d+\/update$/);
    productId = Number(/product\/(\d+)\/update/.exec(page.url())![1]);

    const stored = await session.get(`/api/admin/product/${productId}`);
    expect(stored).toMatchObject({
      slug: SLUG,
      name: '乾拌水泥砂漿',
      name_en: 'Dry Mortar',
      status: 'draft',
      category: { name: '乾拌砂漿' },
      photo_ids: [photos[1]!.id, photos[0]!.id],
      attributes: [
        { name: '規格', values: ['20kg', '40kg'] },
        { name: '顏色', values: ['灰', '白'] },
      ],
    });
    expect(stored.description).toContain('加水即可施工');

    const preview = page.getByTestId('instances-preview');
    await preview.getByText('新增 4 個').waitFor();
    for (const name of ['20kg-灰', '20kg-白', '40kg-灰', '40kg-白']) await preview.getByText(name, { exact: true }).waitFor();
    await page.getByTestId('instances-generate').click();
    await page.getByText('已產生規格組合：新增 4').first().waitFor();
    await expect.poll(() => page.getByTestId('product-instance-row').count()).toBe(4);
    await expect(preview.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits a SKU (a taken one refused on its field), batch-edits prices and stock, and asks before removing instances', async () => {
    const other = await session.post('/api/admin/product', { slug: 'other-product', name: '磁磚膠', description: '' });
    await session.post(`/api/admin/product/${other.id}/instances/generate`, { remove: false });
    const otherSku = (await session.get(`/api/admin/product/${other.id}/instances`)).data[0].sku as string;

    const { context, page, errors } = await newPage(1440);
    await page.goto(`${server.url}/admin/product/${productId}/update`);
    await instanceRow(page, '20kg-灰').waitFor();

    const grey = instanceRow(page, '20kg-灰');
    await grey.getByTestId('instance-sku').fill(otherSku);
    await grey.getByTestId('instance-save').click();
    await grey.getByText('此料號已被使用').waitFor();
    await grey.getByTestId('instance-sku').fill('DM-20-GY');
    await grey.getByTestId('instance-stock').fill('12');
    await grey.getByTestId('instance-save').click();
    await page.getByText('已儲存 20kg-灰').first().waitFor();

    await page.getByTestId('product-instance-table').locator('thead .ant-checkbox-input').check();
    await page.getByTestId('instances-batch-edit').click();
    await page.getByTestId('instance-batch-price').fill('1200');
    await page.getByTestId('instance-batch-stock').fill('50');
    await page.getByTestId('instance-batch-ok').click();
    await page.getByText('已更新 4 個規格').first().waitFor();
    await modalsClosed(page);
    for (const name of ['40kg-灰', '40kg-白']) await instanceRow(page, name).locator('.ant-checkbox-input').check();
    await page.getByTestId('instances-batch-edit').click();
    await page.getByTestId('instance-batch-price').fill('2100');
    await page.getByTestId('instance-batch-ok').click();
    await page.getByText('已更新 2 個規格').first().waitFor();
    await modalsClosed(page);

    const list = (await session.get(`/api/admin/product/${productId}/instances`)).data as {
      name: string;
      sku: string;
      price: number;
      stock: number;
    }[];
    expect(list.map((i) => [i.name, i.price, i.stock])).toEqual([
      ['20kg-灰', 1200, 50],
      ['20kg-白', 1200, 50],
      ['40kg-灰', 2100, 50],
      ['40kg-白', 2100, 50],
    ]);
    expect(list[0]!.sku).toBe('DM-20-GY');
    await expect.poll(() => instanceRow(page, '40kg-白').getByTestId('instance-price').inputValue()).toBe('2,100');

    // 白 leaves the colours: generating again would remove two instances, so the screen asks, naming them.
    await page.getByTestId('product-attribute-values-1').getByRole('button', { name: '移除 白' }).click();
    await page.getByTestId('instances-preview').getByText('40kg-白').waitFor();
    await page.getByTestId('instances-generate').click();
    const ask = page.locator('.ant-modal-confirm');
    await ask.locator('.ant-modal-confirm-title').filter({ hasText: '重新產生會刪除 2 個規格組合' }).waitFor();
    await ask.locator('li').filter({ hasText: '20kg-白' }).waitFor();
    await ask.locator('li').filter({ hasText: '40kg-白' }).waitFor();
    await shot(page, 'product-instances-remove-confirm');
    await ask.getByRole('button', { name: /取\s*消/ }).click();
    await modalsClosed(page);
    expect((await session.get(`/api/admin/product/${productId}/instances`)).data).toHaveLength(4);
    // The product was saved before generating; 白 comes back and nothing is lost.
    expect((await session.get(`/api/admin/product/${productId}`)).attributes[1].values).toEqual(['灰']);
    await addValues(page, 1, ['白']);
    await saveForm(page);
    await page.getByText('已更新').first().waitFor();
    await expect.poll(async () => (await session.get(`/api/admin/product/${productId}`)).attributes[1].values).toEqual(['灰', '白']);
    await expect.poll(() => page.getByTestId('instances-preview').count()).toBe(0);

    await shot(page, 'product-form-1440');
    await expectAccessible(page, 'product form (update) 1440 zh-TW');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('removes instances once the user agrees', async () => {
    const created = await session.post('/api/admin/product', {
      slug: 'tile-grout',
      name: '填縫劑',
      description: '',
      attributes: [{ name: '顏色', values: ['紅', '藍'] }],
    });
    await session.post(`/api/admin/product/${created.id}/instances/generate`, { remove: false });
    const { context, page, errors } = await newPage(1440);
    await page.goto(`${server.url}/admin/product/${created.id}/update`);
    await instanceRow(page, '藍').waitFor();
    await page.getByTestId('product-attribute-values-0').getByRole('button', { name: '移除 藍' }).click();
    await page.getByTestId('instances-generate').click();
    const ask = page.locator('.ant-modal-confirm');
    await ask.locator('li').filter({ hasText: '藍' }).waitFor();
    await ask.getByRole('button', { name: '刪除並產生' }).click();
    await page.getByText('刪除 1').first().waitFor();
    await expect.poll(() => page.getByTestId('product-instance-row').count()).toBe(1);
    expect((await session.get(`/api/admin/product/${created.id}/instances`)).data.map((i: { name: string }) => i.name)).toEqual(['紅']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('publishes from the list, which shows the price range, stock and instances; the website shows the four instances', async () => {
    const { context, page, errors } = await newPage(1440);
    await page.goto(`${server.url}/admin/product`);
    const row = page.locator('tr.ant-table-row').filter({ hasText: '乾拌水泥砂漿' });
    await row.getByText('NT$1,200–NT$2,100').waitFor();
    await row.getByText('200', { exact: true }).waitFor();
    expect((await fetch(`${server.url}/api/public/products/${SLUG}`)).status).toBe(404);
    await page.getByTestId(`product-publish-${productId}`).click();
    await page.getByText('已發布 乾拌水泥砂漿').first().waitFor();
    await row.locator('.ant-tag').filter({ hasText: '已發布' }).waitFor();
    await row.locator('img').waitFor();
    await shot(page, 'product-list-1440');
    await expectAccessible(page, 'product list 1440 zh-TW');

    const res = await fetch(`${server.url}/api/public/products/${SLUG}`);
    expect(res.status).toBe(200);
    const pub = (await res.json()) as {
      name: string;
      price_min: number;
      price_max: number;
      cover_photo: { id: number } | null;
      instances: { name: string; sku: string; price: number; stock: number }[];
    };
    expect(pub).toMatchObject({ name: '乾拌水泥砂漿', price_min: 1200, price_max: 2100, cover_photo: { id: photos[1]!.id } });
    expect(pub.instances).toHaveLength(4);
    expect(pub.instances.map((i) => i.name)).toEqual(['20kg-灰', '20kg-白', '40kg-灰', '40kg-白']);
    expect(pub.instances[0]).toMatchObject({ sku: 'DM-20-GY', price: 1200, stock: 50 });

    // The company website shows it at once (its cache is cleared by the publish), with the four instances.
    const site = await context.newPage();
    await site.goto(`${server.url}/site/products/${SLUG}`);
    await site.getByRole('heading', { level: 1, name: '乾拌水泥砂漿' }).waitFor();
    const instanceRows = site.locator('table.instances tbody tr');
    await expect.poll(() => instanceRows.count()).toBe(4);
    expect(await instanceRows.first().innerText()).toContain('DM-20-GY');
    await site.goto(`${server.url}/site/products`);
    await site
      .getByRole('link', { name: /乾拌水泥砂漿/ })
      .first()
      .waitFor();
    await site.close();

    // The keyword finds a product by an instance's SKU, in any case; clearing the filters shows all again.
    const search = page.getByPlaceholder('搜尋產品名稱、網址名稱、摘要或 SKU');
    await search.fill('dm-20-g');
    await search.press('Enter');
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
    await row.waitFor();
    await page.getByRole('button', { name: '清除條件' }).click();
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBeGreaterThan(1);

    // Filters: status and category narrow the list; a keyword with no match says so.
    await page.getByTestId('filter-status').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '草稿' }).click();
    await expect.poll(() => page.locator('tr.ant-table-row').filter({ hasText: '乾拌水泥砂漿' }).count()).toBe(0);
    await search.fill('沒有這個');
    await search.press('Enter');
    await page.getByText('沒有符合條件的資料').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a 390 px phone: the list and the form with its instances', async () => {
    const { context, page, errors } = await newPage(390, 844);
    await page.goto(`${server.url}/admin/product`);
    await page.locator('tr.ant-table-row').first().waitFor();
    await waitForSettled(page);
    expect(await noSideScroll(page)).toBe(true);
    await expectAccessible(page, 'product list 390 zh-TW');
    await shot(page, 'product-list-390');
    await page.goto(`${server.url}/admin/product/${productId}/update`);
    await instanceRow(page, '20kg-灰').waitFor();
    await waitForSettled(page);
    expect(await noSideScroll(page)).toBe(true);
    // On a phone each instance is a card: its price and stock are in view, not behind a sideways scroll.
    const card = instanceRow(page, '40kg-白');
    await card.scrollIntoViewIfNeeded();
    for (const id of ['instance-sku', 'instance-price', 'instance-stock', 'instance-save']) {
      const box = (await card.getByTestId(id).boundingBox())!;
      expect(box.x + box.width, id).toBeLessThanOrEqual(390);
    }
    await card.getByTestId('instance-stock').fill('49');
    await card.getByTestId('instance-save').click();
    await page.getByText('已儲存 40kg-白').first().waitFor();
    await expectAccessible(page, 'product form 390 zh-TW');
    await shot(page, 'product-form-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads in English', async () => {
    const { context, page, errors } = await newPage(1440, 900, 'en-US');
    await page.goto(`${server.url}/admin/product/${productId}/update`);
    await page.getByRole('heading', { name: '乾拌水泥砂漿' }).waitFor();
    await page.getByText('Attribute 1', { exact: true }).waitFor();
    await instanceRow(page, '20kg-灰').waitFor();
    await page.getByRole('button', { name: 'Generate instances' }).waitFor();
    await shot(page, 'product-form-en');
    await expectAccessible(page, 'product form 1440 en-US');
    expect(errors).toEqual([]);
    await context.close();
  });
});
