import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  expectAccessible,
  noSideScroll,
  openPage,
  seedAdmin,
  seedOrganization,
  shot,
  signIn,
  startFlow,
  type TestServer,
  scrollToOverviewCards,
} from './harness.ts';

/**
 * Issue 26, point 1: a way in without a mail server. The server runs as a fresh `npm start` does:
 * no SMTP_URL. An organization admin invites a colleague, copies the handed-over one-time link, and
 * the colleague sets a password through it and lands in the app; the members list shows the
 * invitation and gives a fresh link; a super admin's overview says mail is not set up.
 */
let server: TestServer;
let browser: Browser;
let orgId: number;
const orgAdmin = { email: 'zeta.admin@example.com', password: 'Zeta#2026' };
const superAdmin = { email: 'zeta.super@example.com', password: 'Super#2026' };

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const adminId = await seedAdmin(server.dataDir, { ...orgAdmin, name: 'Zeta Admin', roles: [] });
  await seedAdmin(server.dataDir, { ...superAdmin, name: 'Zeta Super', roles: ['ROLE_SUPER_ADMIN'] });
  orgId = seedOrganization(server.dataDir, { name: 'Zeta Builders', members: [{ adminId, roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }] });
});

async function open(width: number, scheme: 'light' | 'dark', language: 'zh-TW' | 'en-US' = 'zh-TW') {
  const opened = await openPage(browser, {
    width,
    height: width < 600 ? 844 : 900,
    language,
    context: { colorScheme: scheme, permissions: ['clipboard-read', 'clipboard-write'] },
  });
  await opened.context.addInitScript((id) => {
    if (!localStorage.getItem('active_organization')) localStorage.setItem('active_organization', String(id));
  }, orgId);
  return opened;
}

/** Invites from 我的組織 and answers the notice (the invite dialog has closed behind it). */
async function invite(page: Page, email: string, name: string) {
  await page.goto(`${server.url}/admin/organization`);
  await page.getByTestId('member-table').getByText('Zeta Admin').waitFor();
  await page.getByTestId('member-invite').click();
  await page.getByTestId('member-email').fill(email);
  await page.getByTestId('member-name').fill(name);
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  const notice = page.getByTestId('password-mail-notice');
  await notice.waitFor();
  await page
    .locator('.ant-modal')
    .filter({ has: page.getByTestId('member-email') })
    .waitFor({ state: 'hidden' });
  return notice;
}

describe('invitations without a mail server', () => {
  it('an organization admin invites a colleague, copies the handed-over link, and the colleague signs in through it', async () => {
    const { context, page, errors } = await open(1440, 'light');
    await signIn(page, server.url, orgAdmin.email, orgAdmin.password);
    const notice = await invite(page, 'zeta.colleague@example.com', '新同事');
    // The truth: not sent, waiting in the outbox; here is the link, its expiry, shown once.
    expect(await notice.getAttribute('data-delivery')).toBe('outbox');
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain('尚未設定寄信伺服器');
    expect(text).toContain('連結有效至');
    expect(text).not.toContain('已寄到');
    const link = await page.getByTestId('handover-link').inputValue();
    expect(link).toMatch(/\/send-reset-password-email\?token=[\w%-]+$/);
    await shot(page, 'invitation-handover-1440-zh');
    await expectAccessible(page, 'invitation notice 1440 zh-TW light');
    await page.getByTestId('handover-copy').click();
    await page.getByText('複製成功').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.locator('.ant-modal-confirm-btns button').click();

    // The members list shows the invitation: pending, sent by whom, its mail waiting.
    const state = page.getByTestId('member-table').locator('tr').filter({ hasText: '新同事' }).getByTestId('invitation-state');
    await state.waitFor();
    expect(await state.getAttribute('data-state')).toBe('pending');
    expect(await state.textContent()).toContain('由 Zeta Admin 寄出');
    expect(await state.textContent()).toContain('信件在寄件匣等待');
    await shot(page, 'invitation-members-1440-zh');
    await context.close();
    expect(errors).toEqual([]);

    // The colleague, on a phone, opens the handed-over link, sets a password and lands in the app.
    const phone = await open(390, 'light');
    await phone.page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await phone.page.getByTestId('new-password').fill('Colleague#2026');
    await phone.page.getByTestId('confirm-password').fill('Colleague#2026');
    await phone.page.getByTestId('set-password-submit').click();
    await phone.page.getByTestId('go-sign-in').waitFor();
    await signIn(phone.page, server.url, 'zeta.colleague@example.com', 'Colleague#2026');
    await phone.page.getByText('Zeta Builders').first().waitFor();
    await shot(phone.page, 'invitation-colleague-signed-in-390-zh');
    await phone.context.close();
    expect(phone.errors).toEqual([]);
  });

  it('on a phone in dark mode: a fresh link for an invitation, and the notice fits', async () => {
    const { context, page, errors } = await open(390, 'dark', 'en-US');
    await signIn(page, server.url, orgAdmin.email, orgAdmin.password);
    const first = await invite(page, 'zeta.second@example.com', 'Second');
    const firstLink = await page.getByTestId('handover-link').inputValue();
    expect(await first.textContent()).toContain('No mail server is configured');
    await page.locator('.ant-modal-confirm-btns button').click();

    await page.getByRole('button', { name: 'Invite Second again' }).click();
    const again = page.getByTestId('password-mail-notice');
    await again.waitFor();
    expect(await again.textContent()).toContain('Links sent or handed over before no longer work');
    const fresh = await page.getByTestId('handover-link').inputValue();
    expect(fresh).not.toBe(firstLink);
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'invitation-again-390-en-dark', { fullPage: false });
    await expectAccessible(page, 'invitation notice 390 en-US dark');
    await page.locator('.ant-modal-confirm-btns button').click();
    await page.getByTestId('member-table').getByText('Invitation pending').first().waitFor();
    await shot(page, 'invitation-members-390-en-dark');
    await expectAccessible(page, 'members with invitations 390 en-US dark');
    expect(await noSideScroll(page)).toBe(true);
    await context.close();
    expect(errors).toEqual([]);

    // The replaced link is refused where it lands: no password form.
    const stale = await open(390, 'light', 'en-US');
    await stale.page.goto(firstLink.replace(/^https?:\/\/[^/]+/, server.url));
    await stale.page.getByText('This link no longer works').first().waitFor();
    expect(await stale.page.getByTestId('new-password').count()).toBe(0);
    await stale.context.close();
  });

  it("the super admin's overview says mail is not set up, how many mails wait, and where to set it up", async () => {
    for (const [width, scheme] of [
      [1440, 'light'],
      [390, 'dark'],
    ] as const) {
      const { context, page, errors } = await open(width, scheme);
      await signIn(page, server.url, superAdmin.email, superAdmin.password);
      await page.goto(`${server.url}/admin`);
      await scrollToOverviewCards(page);
      const card = page.getByTestId('mail-delivery-card');
      await card.waitFor();
      expect(await card.getAttribute('data-state')).toBe('not-configured');
      const text = (await card.textContent()) ?? '';
      expect(text).toContain('尚未設定寄信伺服器');
      expect(text).toContain('SMTP_URL');
      // Three invitations above wait in the outbox.
      expect(Number(await card.locator('.ant-statistic-content-value').textContent())).toBeGreaterThanOrEqual(3);
      expect(await card.getByRole('link', { name: '開啟寄件匣' }).getAttribute('href')).toBe('/admin/mail/outbox');
      await card.scrollIntoViewIfNeeded();
      await shot(page, `invitation-overview-mail-card-${width}-zh-${scheme}`);
      await expectAccessible(page, `overview mail card ${width} zh-TW ${scheme}`);
      if (width < 600) expect(await noSideScroll(page)).toBe(true);
      await context.close();
      expect(errors).toEqual([]);
    }
  });
});
