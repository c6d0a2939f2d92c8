import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits until the screen stops changing on its own: no spinner or skeleton left, no screen's code or
 * data still loading (the shell's progress bar, held by lazy screens and requests), the web fonts
 * loaded and no finite animation (a drawer sliding, a toast, a collapsing row) still running; at
 * most `timeoutMs` for the last two. What a screenshot or an accessibility scan wants instead of a
 * fixed pause. The page is read synchronously and polled from here: a page that runs no script
 * (JavaScript off, a file served in a sandbox) never calls a timer or a frame callback back.
 */
export async function waitForSettled(page: Page, timeoutMs = 3_000): Promise<void> {
  await page
    .locator('.ant-spin-spinning, .ant-skeleton-active, .progress-bar.is-active')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(isStill)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

const isStill = () =>
  document.fonts.status === 'loaded' &&
  document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);

/**
 * After a wheel or a scroll the page moves on its own (Playwright does not wait for it): waits until
 * the window has left the top and stayed put for two frames.
 */
export async function waitForScrollToRest(page: Page): Promise<void> {
  const position = () => page.evaluate(() => window.scrollY);
  const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect
    .poll(async () => {
      const before = await position();
      await frames();
      return before > 0 && before === (await position());
    })
    .toBe(true);
}
