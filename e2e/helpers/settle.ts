import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits until the screen stops changing on its own: no spinner or skeleton left, every finite
 * animation (a drawer sliding, a toast, a collapsing row) finished, the web fonts loaded and two
 * frames painted. What a screenshot or an accessibility scan wants instead of a fixed pause.
 */
export async function waitForSettled(page: Page): Promise<void> {
  await page
    .locator('.ant-spin-spinning, .ant-skeleton-active')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
  await page.evaluate(async () => {
    const settled = Promise.all([
      document.fonts.ready,
      ...document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => {})),
    ]);
    // An animation that never ends (a looping one misdeclared) must not hold the flow.
    await Promise.race([settled, new Promise((r) => setTimeout(r, 3_000))]);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

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
