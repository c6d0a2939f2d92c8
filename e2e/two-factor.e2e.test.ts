import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, expectAccessible, openPage, seedAdmin, shot, signIn, startFlow, type TestServer } from './harness.ts';
import { currentCode } from '../apps/server/src/lib/identity/two-factor.ts';
import { clearOfStepEdge } from '../apps/server/test/totp-clock.ts';

// Issue 10: two-step verification in Chromium against the production build: turning it on from the
// profile, signing in with an app code and with a recovery code, and a role the super admin's policy
// requires it of, set up during sign-in. The authenticator app is the RFC 6238 code of the shown key.
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startFlow());
});

const newPage = (width: number, language: 'zh-TW' | 'en-US') => openPage(browser, { width, height: 860, language });

/**
 * The app's code `steps` periods from now: each step's code is accepted once, so each use takes the
 * next. It is taken clear of a step's end, so that it is still within the server's window when typed.
 */
async function codeAt(secret: string, steps: number): Promise<string> {
  await clearOfStepEdge();
  return currentCode(secret, Date.now() + steps * 30_000);
}
const keyShown = async (page: Page) => (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');

/**
 * Types into the six boxes of a code input once no dialog is opening or closing: a closing dialog
 * (verify identity) gives focus back to what opened it, which would take the keys.
 */
async function typeCode(page: Page, selector: string, code: string) {
  await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-leave, .ant-fade-leave'));
  const box = page.locator(`${selector} input`).first();
  await box.click();
  await page.waitForFunction((el) => document.activeElement === el, await box.elementHandle());
  await page.keyboard.type(code);
}

async function passwordFirstStep(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByTestId('sign-in-submit').click();
  await page.waitForURL(/\/two-factor$/, { timeout: 30_000 });
}

describe('two-step verification in the browser', () => {
  it('is turned on from the profile, then asked at sign-in: an app code, then a recovery code', async () => {
    const email = 'two-step@example.com';
    const password = 'Two#Step-Passw0rd';
    await seedAdmin(server.dataDir, { email, password, name: '兩步驟', roles: ['ROLE_BASE'] });

    const first = await newPage(1440, 'zh-TW');
    await signIn(first.page, server.url, email, password);
    await first.page.goto(`${server.url}/admin/profile`);
    await first.page.getByTestId('two-factor-on').click();
    await first.page.getByTestId('verify-password').fill(password);
    await first.page.getByTestId('verify-submit').click();
    await first.page.getByTestId('two-factor-qr').waitFor();
    const secret = await keyShown(first.page);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(first.page, 'two-factor-setup-1440-zh');
    await expectAccessible(first.page, 'two-factor setup dialog 1440 zh-TW');
    await typeCode(first.page, '.authenticator-setup', await codeAt(secret, -1));
    await first.page.getByTestId('recovery-codes').waitFor();
    const codes = (await first.page.locator('.recovery-code-list code').allInnerTexts()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await expect(first.page.getByTestId('recovery-continue').isDisabled()).resolves.toBe(true);
    await shot(first.page, 'two-factor-recovery-codes-1440-zh');
    await first.page.getByTestId('recovery-saved').click();
    await first.page.getByTestId('recovery-continue').click();
    await first.page.getByTestId('two-factor-state').getByText('已開啟').waitFor();
    await shot(first.page, 'profile-two-factor-on-1440-zh');
    expect(first.errors).toEqual([]);
    await first.context.close();

    // Another browser, on a phone: the password is only the first step.
    const phone = await newPage(390, 'en-US');
    await passwordFirstStep(phone.page, email, password);
    await phone.page.getByTestId('two-factor-code').waitFor();
    await shot(phone.page, 'two-factor-step-390-en');
    await expectAccessible(phone.page, 'two-factor step 390 en-US');
    await typeCode(phone.page, '.sign-in-code-input', '000000' === (await codeAt(secret, 0)) ? '111111' : '000000');
    await phone.page.getByTestId('public-card-error').waitFor();
    await typeCode(phone.page, '.sign-in-code-input', await codeAt(secret, 0));
    await phone.page.waitForURL((u) => u.pathname.startsWith('/admin'), { timeout: 30_000 });
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    const third = await newPage(1440, 'en-US');
    await passwordFirstStep(third.page, email, password);
    await third.page.getByTestId('two-factor-toggle').click();
    await third.page.getByTestId('two-factor-recovery-input').fill(codes[0]!);
    await shot(third.page, 'two-factor-recovery-1440-en');
    await expectAccessible(third.page, 'two-factor recovery code 1440 en-US');
    await third.page.getByTestId('two-factor-submit').click();
    await third.page.waitForURL((u) => u.pathname.startsWith('/admin'), { timeout: 30_000 });
    expect(third.errors).toEqual([]);
    await third.context.close();
  });

  it("a role the super admin requires it of sets it up during sign-in; the super admin can turn an admin's off", async () => {
    const email = 'staff-2fa@example.com';
    const password = 'Staff#2fa-Passw0rd';
    const staffId = await seedAdmin(server.dataDir, { email, password, name: '人員主管', roles: ['ROLE_STAFF'] });

    const admin = await newPage(1440, 'zh-TW');
    await signIn(admin.page, server.url, server.admin.email, server.admin.password);
    await admin.page.goto(`${server.url}/admin/security`);
    await admin.page.getByRole('checkbox', { name: '人員管理' }).check();
    await admin.page.locator('[data-testid="policy-save"]:not([disabled])').waitFor();
    await shot(admin.page, 'security-policy-1440-zh');
    await expectAccessible(admin.page, 'security policy 1440 zh-TW');
    await admin.page.getByTestId('policy-save').click();
    await admin.page.locator('.ant-message, .ant-notification').getByText('已儲存').waitFor();

    const phone = await newPage(390, 'zh-TW');
    await passwordFirstStep(phone.page, email, password);
    await phone.page.getByTestId('two-factor-qr').waitFor();
    const secret = await keyShown(phone.page);
    await shot(phone.page, 'two-factor-required-setup-390-zh');
    await expectAccessible(phone.page, 'two-factor required setup 390 zh-TW');
    await typeCode(phone.page, '.authenticator-setup', await codeAt(secret, 0));
    await phone.page.getByTestId('recovery-codes').waitFor();
    await shot(phone.page, 'two-factor-required-codes-390-zh');
    await phone.page.getByTestId('recovery-saved').click();
    await phone.page.getByTestId('recovery-continue').click();
    await phone.page.waitForURL((u) => u.pathname.startsWith('/admin'), { timeout: 30_000 });
    await phone.page.goto(`${server.url}/admin/profile`);
    await phone.page.getByTestId('two-factor-state').getByText('已開啟').waitFor();
    await expect(phone.page.getByTestId('two-factor-off').isDisabled()).resolves.toBe(true);
    await shot(phone.page, 'profile-two-factor-required-390-zh');
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    // The staff manager lost the phone: the super admin turns its two-step verification off.
    await admin.page.goto(`${server.url}/admin/admin`);
    await admin.page.getByTestId(`admin-two-factor-${staffId}`).waitFor();
    await admin.page.getByTestId(`admin-more-${staffId}`).click();
    await admin.page.getByRole('menuitem', { name: '關閉兩步驟驗證' }).click();
    await admin.page.locator('.ant-modal-confirm:visible .ant-btn-primary').click();
    await admin.page.getByTestId('verify-password').fill(server.admin.password);
    await admin.page.getByTestId('verify-submit').click();
    await admin.page.getByTestId(`admin-two-factor-${staffId}`).waitFor({ state: 'detached' });
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // Its role still requires it: the next sign-in sets it up again. (The first super admin holds every
    // company-wide role, ROLE_STAFF too, so its own next sign-in would now ask for it as well: the policy is
    // put back by a super admin holding only that role.)
    const policyAdmin = { email: 'policy-admin@example.com', password: 'Policy#Admin-12345' };
    await seedAdmin(server.dataDir, { ...policyAdmin, name: '安全設定', roles: ['ROLE_SUPER_ADMIN'] });
    const api = await apiAs(server.url, policyAdmin.email, policyAdmin.password);
    const r = await fetch(`${server.url}/api/admin/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fingerprint': 'e2e-after-reset' },
      body: JSON.stringify({ email, password }),
    });
    expect((await r.json()).two_factor.mode).toBe('setup');
    await api.put('/api/admin/app-config/app/update', { twoFactorRequiredRoles: [] });
  });
});
