import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible, shot, signedInPage, startFlow, type TestServer } from './harness.ts';
import { startFakeGoogleApi, type FakeGoogleApi } from '../apps/server/test/fake-google-api.ts';
import { startFakeLineApi, type FakeLineApi } from '../apps/server/test/fake-line-api.ts';

// Issue 13, parts 4 and 5: the operations tools in Chromium, against local stand-ins of the LINE
// Messaging API and of Google's token and Drive endpoints that the server is pointed at.
let server: TestServer;
let browser: Browser;
let line: FakeLineApi;
let google: FakeGoogleApi;
let keyDir: string;

beforeAll(async () => {
  keyDir = mkdtempSync(join(tmpdir(), 'bo-e2e-drive-'));
  line = await startFakeLineApi();
  google = await startFakeGoogleApi(join(keyDir, 'service-account.json'));
  ({ server, browser } = await startFlow({
    env: {
      LINE_MESSAGING_ACCESS_TOKEN: line.token,
      LINE_MESSAGING_API_URL: line.url,
      ...google.env,
    },
  }));
});
afterAll(async () => {
  await line?.close();
  await google?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

describe('operations tools', () => {
  it('sends a LINE message, shows LINE refusing one, and checks a Drive folder', async () => {
    const { context, page, errors } = await signedInPage(browser, server.url, server.admin, { width: 1440 });
    await page.goto(`${server.url}/admin/operations`);

    const target = `U${'0123456789abcdef'.repeat(2)}`;
    await page.getByTestId('line-target').fill('not-an-id');
    await page.getByTestId('line-message').fill('明天早上八點集合');
    await page.getByTestId('line-send').click();
    await page.locator('#target_help').waitFor();
    await page.getByTestId('line-target').fill(target);
    await page.getByTestId('line-send').click();
    await page.getByText(/已傳送/).waitFor();
    expect(line.pushed.at(-1)).toEqual({ to: target, messages: [{ type: 'text', text: '明天早上八點集合' }] });

    line.failNext(400, {
      message: 'The request body has 1 error(s)',
      details: [{ message: 'The property, to, is invalid', property: 'to' }],
    });
    await page.getByTestId('line-message').fill('第二則');
    await page.getByTestId('line-send').click();
    await page.getByTestId('line-error').getByText('The property, to, is invalid', { exact: false }).waitFor();

    google.folders.set('1SiteFolder-abcdef', { name: '工地照片', capabilities: { canListChildren: true, canAddChildren: true } });
    await page.getByTestId('drive-folder').fill('1SiteFolder-abcdef');
    await page.getByTestId('drive-check').click();
    await page.getByTestId('drive-result').getByText('工地照片').waitFor();
    await shot(page, 'operations-1440-zh');
    await expectAccessible(page, 'operations 1440 zh-TW');

    await page.getByTestId('drive-folder').fill('NotSharedFolder123');
    await page.getByTestId('drive-check').click();
    await page.getByTestId('drive-result').getByText(google.serviceAccount, { exact: false }).first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'operations-390-zh');
    await expectAccessible(page, 'operations 390 zh-TW');
    expect(errors).toEqual([]);
    await context.close();
  });
});
