import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addDays, todayInTaipei } from '@bo/shared/dates';
import {
  closeToasts,
  expectAccessible,
  openDatabase,
  seedAdmin,
  seedOrganization,
  shot,
  signedInPage,
  startFlow,
  type TestServer,
} from './harness.ts';

// Issue 13: the daily certificate reminder, run by the server's own job timer, and the organization
// page's compliance by certificate type, its export and the reminder settings and history.
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startFlow({ env: { CERTIFICATE_REMINDER_TIME: '00:00', JOB_CHECK_MS: '500' } }));
});

async function until<T>(probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('certificate reminders', () => {
  it('the daily job reminds the organization admin, who sees compliance, exports it and sets the window', async () => {
    const email = 'org-admin@example.com';
    const password = 'Org#Admin-12345';
    const adminId = await seedAdmin(server.dataDir, { email, password, name: '組織管理員', roles: [] });
    const orgId = seedOrganization(server.dataDir, { name: '大安營造', members: [{ adminId, roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }] });
    const today = todayInTaipei();
    const db = openDatabase(server.dataDir);
    try {
      const t = new Date().toISOString();
      const type = Number(
        db
          .prepare('INSERT INTO certificate_types (organization_id, name, sort, created_at, updated_at) VALUES (?, ?, 1, ?, ?)')
          .run(orgId, '施工安全證', t, t).lastInsertRowid,
      );
      for (const [name, expires] of [
        ['王小明', addDays(today, -2)],
        ['李大華', addDays(today, 12)],
        ['陳美玲', addDays(today, 300)],
      ] as const) {
        const staff = Number(
          db
            .prepare("INSERT INTO staff (organization_id, name, status, created_at, updated_at) VALUES (?, ?, 'active', ?, ?)")
            .run(orgId, name, t, t).lastInsertRowid,
        );
        db.prepare(
          'INSERT INTO staff_certificates (organization_id, staff_id, certificate_type_id, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        ).run(orgId, staff, type, expires, t, t);
      }
      // The job ran when the server started, before anything was due: today's run is let go, so the timer runs it again.
      db.prepare('DELETE FROM job_runs').run();
      const sent = await until(
        () =>
          db.prepare('SELECT recipient, expired_count, expiring_count FROM certificate_reminders').get() as
            | Record<string, unknown>
            | undefined,
      );
      expect(sent).toEqual({ recipient: email, expired_count: 1, expiring_count: 1 });
    } finally {
      db.close();
    }

    const { context, page, errors } = await signedInPage(
      browser,
      server.url,
      { email, password },
      { width: 1440, context: { acceptDownloads: true } },
    );
    await page.goto(`${server.url}/admin/organization`);
    const row = page.getByTestId('compliance-table').locator('tbody tr.ant-table-row').first();
    await row.getByText('施工安全證').waitFor();
    await expect(row.innerText()).resolves.toMatch(/施工安全證\s+1\s+1\s+1\s+0/);
    await page.getByText(email, { exact: true }).last().waitFor();
    await shot(page, 'organization-certificates-1440-zh');
    await expectAccessible(page, 'organization certificates 1440 zh-TW');

    const download = page.waitForEvent('download');
    await page.getByTestId('compliance-export').click();
    expect((await download).suggestedFilename()).toBe(`certificate-compliance-${today}.xlsx`);

    await page.getByTestId('reminder-days').fill('14');
    await page.getByTestId('reminder-save').click();
    await page.getByText('提醒設定已儲存').waitFor();
    // Within 14 days, the certificate expiring in 12 still counts as expiring.
    await expect(row.innerText()).resolves.toMatch(/施工安全證\s+1\s+1\s+1\s+0/);
    expect(errors).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await closeToasts(page);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await page.getByText('org-admin@example.com', { exact: true }).last().waitFor();
    await shot(page, 'organization-certificates-390-zh');
    await expectAccessible(page, 'organization certificates 390 zh-TW');
    await context.close();
  });
});
