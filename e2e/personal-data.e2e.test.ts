import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  expectAccessible,
  expectHeadings,
  openDatabase,
  seedOrganization,
  shot,
  signedInPage,
  startFlow,
  type TestServer,
} from './harness.ts';

// Issue 37, items 5 and 6: 個資保存與清冊 in Chromium. Departed staff are seeded with their leaving day
// straight into the database (the API records today's); which of them the run touches follows from
// the server's real day, so only the long-gone ones are asserted.
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startFlow());
});

function seedDeparted(organizationId: number, rows: { name: string; leftOn: string; status?: string }[]) {
  const db = openDatabase(server.dataDir);
  try {
    const t = new Date().toISOString();
    const insert = db.prepare(
      `INSERT INTO staff (organization_id, name, status, left_on, mobile, address, created_at, updated_at) VALUES (?, ?, ?, ?, '0912345678', '台北市', ?, ?)`,
    );
    for (const r of rows) insert.run(organizationId, r.name, r.status ?? 'left', r.leftOn, t, t);
  } finally {
    db.close();
  }
}

describe('個資保存與清冊', () => {
  it('lists what the next retention run touches and the inventory, at 1440 and 390 px, with no serious axe finding', async () => {
    const org = seedOrganization(server.dataDir, { name: '北區工務所' });
    seedDeparted(org, [
      { name: '王大明', leftOn: '2015-03-01' },
      { name: '林小華', leftOn: '2018-07-15' },
      { name: '陳在職', leftOn: '2010-01-01', status: 'active' },
    ]);
    const { page } = await signedInPage(browser, server.url, server.admin, { width: 1440 });
    await page.goto(`${server.url}/admin/personal-data`);
    const preview = page.getByTestId('retention-preview');
    await preview.waitFor();
    await expect.poll(() => preview.locator('tbody tr.ant-table-row').count()).toBe(2);
    const text = (await preview.textContent()) ?? '';
    expect(text).toContain('王○○');
    expect(text).toContain('2020-03-01');
    expect(text).not.toContain('陳');
    const inventory = page.getByTestId('inventory-card');
    await inventory.getByText('national_id_enc', { exact: false }).waitFor();
    expect(await inventory.textContent()).toContain('已加密');
    await expectHeadings(page, 'personal-data');
    await shot(page, 'personal-data-1440-zh');
    await expectAccessible(page, 'personal-data 1440 zh-TW');

    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'personal-data-390-zh');
    await expectAccessible(page, 'personal-data 390 zh-TW');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
