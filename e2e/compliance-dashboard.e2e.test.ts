import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addDays, todayInTaipei } from '@bo/shared/dates';
import {
  closeToasts,
  expectAccessible,
  noSideScroll,
  openDatabase,
  seedAdmin,
  seedOrganization,
  shot,
  signedInPage,
  startFlow,
  type TestServer,
} from './harness.ts';

// Issue 38 part 5: the compliance dashboard over due items written here (the recompute writes them in the product).
let server: TestServer;
let browser: Browser;
const email = 'safety-office@example.com';
const password = 'Safety#Office-12345';

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const adminId = await seedAdmin(server.dataDir, { email, password, name: '工地辦公室', roles: [] });
  const orgId = seedOrganization(server.dataDir, { name: '大安營造', members: [{ adminId, roles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] }] });
  const today = todayInTaipei();
  const db = openDatabase(server.dataDir);
  try {
    const t = new Date().toISOString();
    const site = Number(
      db.prepare('INSERT INTO sites (organization_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(orgId, '信義工地', t, t)
        .lastInsertRowid,
    );
    const items: [string, string, string | null, string, Record<string, unknown>][] = [
      ['王小明', 'missing', null, 'compliance.reason.not_recorded', {}],
      [
        '李大華',
        'dated',
        addDays(today, -3),
        'compliance.reason.next_due_overdue',
        { last_on: addDays(today, -368), months: 12, due_on: addDays(today, -3), days_overdue: 3 },
      ],
      [
        '陳美玲',
        'dated',
        addDays(today, 20),
        'compliance.reason.next_due',
        { last_on: addDays(today, -345), months: 12, due_on: addDays(today, 20), days_left: 20 },
      ],
    ];
    for (const [name, state, due, reason, params] of items) {
      const staff = Number(
        db
          .prepare("INSERT INTO staff (organization_id, name, status, created_at, updated_at) VALUES (?, ?, 'active', ?, ?)")
          .run(orgId, name, t, t).lastInsertRowid,
      );
      const roster = Number(
        db
          .prepare(
            "INSERT INTO site_roster (organization_id, site_id, staff_id, site_role, starts_on, created_at, updated_at) VALUES (?, ?, ?, 'worker', ?, ?, ?)",
          )
          .run(orgId, site, staff, addDays(today, -100), t, t).lastInsertRowid,
      );
      db.prepare(
        `INSERT INTO compliance_due_items (organization_id, site_id, roster_id, staff_id, rule_key, rule_version, state, due_on, reason_key, reason_params, computed_at)
         VALUES (?, ?, ?, ?, 'periodic-health', 1, ?, ?, ?, ?, ?)`,
      ).run(orgId, site, roster, staff, state, due, reason, JSON.stringify(params), t);
    }
  } finally {
    db.close();
  }
});

describe('compliance dashboard', () => {
  it('at 1440 and 390 px, in zh-TW and en-US: counts, a card filters the list, the export downloads', async () => {
    for (const language of ['zh-TW', 'en-US'] as const) {
      const { context, page, errors } = await signedInPage(
        browser,
        server.url,
        { email, password },
        {
          width: 1440,
          language,
          context: { acceptDownloads: true },
        },
      );
      await page.goto(`${server.url}/admin/compliance`);
      const workers = page.getByTestId('compliance-workers');
      await workers.getByText('陳美玲').waitFor();
      await expect(page.getByTestId('status-card-overdue').innerText()).resolves.toMatch(/^1\s/);
      await shot(page, `compliance-1440-${language}`);
      await expectAccessible(page, `compliance 1440 ${language}`);

      await page.getByTestId('status-card-overdue').click();
      await workers.getByText('王小明').waitFor({ state: 'detached' });
      await workers.getByText('李大華').waitFor();
      await page.getByTestId('status-card-overdue').click();
      await workers.getByText('王小明').waitFor();

      const download = page.waitForEvent('download');
      await page.getByTestId('compliance-export').click();
      expect((await download).suggestedFilename()).toBe(`compliance-${todayInTaipei()}.xlsx`);

      await page.setViewportSize({ width: 390, height: 844 });
      await closeToasts(page);
      await page.locator('.compliance-worker-card').first().waitFor();
      await expect(noSideScroll(page)).resolves.toBe(true);
      await shot(page, `compliance-390-${language}`);
      await expectAccessible(page, `compliance 390 ${language}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
