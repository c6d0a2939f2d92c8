/**
 * Browser-flow harness: the real server from the production web build, a fresh data directory,
 * and the system Chromium through playwright-core.
 *
 *   beforeAll(async () => ({ server, browser } = await startFlow()));   // closed after the file's tests
 *   const { context, page, errors } = await signedInPage(browser, server.url, server.admin, { width: 1440 });
 *   await shot(page, 'overview');                  // e2e/screenshots/overview.png, once the screen settled
 *   const api = await apiAs(server.url, email, password); await api.post('/api/admin/...', body);
 *   const db = openDatabase(server.dataDir);       // better-sqlite3 on DATA_DIR/app.sqlite for seeding
 */
import { mkdirSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import { startServer as startServerProcess, stopServer } from '../apps/server/test/server-process.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../apps/server/test/smtp-catcher.ts';
import { chromiumPath, chromiumSwitches } from './chromium.mjs';
import { ROOT } from './helpers/root.ts';
import { waitForScrollToRest, waitForSettled } from './helpers/settle.ts';

export { ROOT, waitForScrollToRest, waitForSettled };
export { englishWords, expectHeadings, headingProblems } from './helpers/screen-checks.ts';
export {
  apiAs,
  openDatabase,
  seedAdmin,
  seedAdminSession,
  seedOrganization,
  uploadLibraryPhoto,
  uploadLibraryPhotos,
  type ApiSession,
  type LibraryPhoto,
} from './helpers/fixtures.ts';
export const SCREENSHOTS = join(ROOT, 'e2e', 'screenshots');
export const CHROMIUM = chromiumPath();

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  admin: { email: string; password: string };
  /** Server output so far (for debugging a failing flow). */
  output(): string;
  stop(): Promise<void>;
}

/** The real server (`apps/server/src/main.ts`) on a free port with a fresh DATA_DIR, serving the production web build. */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  // E2E_WEB_DIST: a private build for every flow, when others rebuild apps/web/dist on a shared machine
  // (the server lists the built files when it starts; a rebuild under it removes chunks it serves).
  const webDist = process.env.E2E_WEB_DIST ?? join(ROOT, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) throw new Error(`${webDist} is missing: run \`npm run build -w apps/web\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-e2e-'));
  const admin = { email: 'admin@example.com', password: 'Admin#12345' };
  // E2E_SERVER_DIST: the compiled server (`npm run build`'s apps/server/dist/main.mjs), as `npm start`
  // runs it; scripts/test.mjs builds it first. Without it, the sources through tsx (a local run after
  // a change needs no build).
  const compiled = process.env.E2E_SERVER_DIST;
  const server = await startServerProcess(
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      WEB_DIST: webDist,
      // Flows sign in many times from one address.
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
      LOGIN_RATE_LIMIT_PER_IP: '1000',
      // The flows' SMTP server (smtp-catcher.ts) is a plain relay on loopback; TLS is required otherwise.
      SMTP_ALLOW_PLAIN: 'true',
      ...env,
    },
    compiled ? { args: [resolve(ROOT, compiled, 'main.mjs')] } : {},
  );
  return {
    url: server.url,
    port: Number(new URL(server.url).port),
    dataDir,
    admin,
    output: server.output,
    async stop() {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Content-Security-Policy violations seen by any page of a browser from launchBrowser(), not yet
 * reported. The flows prove the app works under the policy: the test during which one happens fails
 * (afterEach below), whatever it asserted.
 */
const policyViolations: string[] = [];

/** Every page of the context reports its `securitypolicyviolation` events (frames included) to the test process. */
export async function watchPolicyViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__e2eReportPolicyViolation', ({ page }, v: string) => {
    policyViolations.push(`${page?.url() ?? '?'}: ${v}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const where = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}` : '';
      const sample = e.sample ? ` (${e.sample})` : '';
      void (window as unknown as { __e2eReportPolicyViolation(v: string): Promise<void> }).__e2eReportPolicyViolation(
        `${e.effectiveDirective} refused ${e.blockedURI || 'inline'}${where}${sample}`,
      );
    });
  });
}

/** The violations seen since the last call (a test that expects one takes it out here). */
export function takePolicyViolations(): string[] {
  return policyViolations.splice(0);
}

function failOnPolicyViolations() {
  const seen = takePolicyViolations();
  if (seen.length) throw new Error(`Content-Security-Policy violations:\n  ${seen.join('\n  ')}`);
}
afterEach(failOnPolicyViolations);
afterAll(failOnPolicyViolations);

/**
 * What each open page did lately (API answers of 400 and up, failed requests, console errors,
 * uncaught errors): printed with the page's URL, its open dialogs and toasts and a screenshot when a
 * test fails, so a failure in CI, where nothing else is kept, says what the screen showed.
 */
const openBrowsers = new Set<Browser>();
const recorded = new WeakMap<Page, { events: string[]; pending: Map<Request, number> }>();

function recordPage(page: Page) {
  const events: string[] = [];
  // Requests still waiting for their answer: what a screen that never finished loading waits for.
  const pending = new Map<Request, number>();
  recorded.set(page, { events, pending });
  page.on('request', (r) => pending.set(r, Date.now()));
  page.on('requestfinished', (r) => pending.delete(r));
  const note = (line: string) => {
    events.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (events.length > 30) events.shift();
  };
  page.on('response', (r) => {
    if (r.status() >= 400) note(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  // Aborted requests are the ones a navigation leaves behind (module preloads), not failures.
  page.on('requestfailed', (r) => {
    pending.delete(r);
    const error = r.failure()?.errorText ?? '';
    if (error !== 'net::ERR_ABORTED') note(`failed ${r.method()} ${r.url()}: ${error}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') note(`console.${m.type()}: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => note(`pageerror: ${e.message}`));
}

async function reportFailedTest(name: string) {
  const dir = join(ROOT, 'test-results', 'e2e-failures');
  let n = 0;
  for (const browser of openBrowsers)
    for (const context of browser.contexts())
      for (const page of context.pages()) {
        n += 1;
        const file = join(dir, `${name.slice(0, 60).replace(/\W+/g, '-')}-${n}.png`);
        const shown = await page
          .evaluate(() =>
            [...document.querySelectorAll('.ant-notification-notice, .ant-message-notice, .ant-modal, .ant-alert, .ant-form-item-explain')]
              .map((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim())
              .filter(Boolean),
          )
          .catch((e: Error) => [`(could not read the page: ${e.message})`]);
        mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).catch(() => undefined);
        console.log(
          [
            `[failed test] page ${n}: ${page.url()} (${file})`,
            `  on screen: ${shown.length ? shown.join(' | ') : '(no dialog, toast or alert)'}`,
            `  main: ${await page
              .locator('main')
              .first()
              .innerText({ timeout: 1_000 })
              .then((t) => t.replace(/\s+/g, ' ').slice(0, 300) || '(empty)')
              .catch(() => '(none)')}`,
            ...(recorded.get(page)?.events ?? []).map((e) => `  ${e}`),
            ...[...(recorded.get(page)?.pending ?? [])].map(
              ([r, since]) => `  waiting ${Date.now() - since} ms for ${r.method()} ${r.url()}`,
            ),
          ].join('\n'),
        );
      }
}

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await reportFailedTest(ctx.task.name);
});

/**
 * The system Chromium; every context it opens (browser.newContext, browser.newPage) reports policy
 * violations, and its pages are recorded for a failing test's report.
 */
/**
 * `ownAddresses`: this machine's other addresses a flow opens (its LAN address), reachable beside loopback.
 * `extraArgs`: more Chromium switches (a fake camera fed from a file, for one).
 */
export async function launchBrowser(ownAddresses: readonly string[] = [], extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...chromiumSwitches(ownAddresses), ...extraArgs],
  });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  // browser.newPage() opens its own context through newContext, so both are covered.
  const newContext = browser.newContext.bind(browser);
  // Reduced motion, as a user may ask of the system: dialogs and drawers open at once, so a click
  // never lands on a button still zooming into place (seen on a loaded machine).
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    await watchPolicyViolations(context);
    context.on('page', recordPage);
    return context;
  };
  return browser;
}

export interface Flow {
  server: TestServer;
  browser: Browser;
}

/** What startFlow opened for the file: closed, last opened first, once its tests are done. */
const flowResources: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const close of flowResources.splice(0).reverse()) await close();
});

/**
 * A flow file's server (with `env`) and browser, closed after its tests. With `mail: true`, a real
 * SMTP server on loopback (`mailbox`) that the server sends its mail to, polled every 200 ms.
 */
export async function startFlow(opts: {
  env?: Record<string, string>;
  mail: true;
  ownAddresses?: string[];
}): Promise<Flow & { mailbox: SmtpCatcher }>;
export async function startFlow(opts?: { env?: Record<string, string>; ownAddresses?: string[] }): Promise<Flow>;
export async function startFlow(
  opts: { env?: Record<string, string>; mail?: boolean; ownAddresses?: string[] } = {},
): Promise<Flow & { mailbox?: SmtpCatcher }> {
  let mailbox: SmtpCatcher | undefined;
  let env = opts.env ?? {};
  if (opts.mail) {
    const catcher = await startSmtpCatcher();
    flowResources.push(() => catcher.close());
    mailbox = catcher;
    env = { SMTP_URL: catcher.url, MAIL_POLL_MS: '200', ...env };
  }
  const server = await startServer(env);
  flowResources.push(() => server.stop());
  const browser = await launchBrowser(opts.ownAddresses);
  flowResources.push(() => browser.close());
  return { server, browser, mailbox };
}

export interface PageOptions {
  width: number;
  height?: number;
  /** The browser's locale and the app's language (zh-TW unless told). */
  language?: 'zh-TW' | 'en-US';
  /** More of the context's options (downloads, a phone's touch, a colour scheme...); they win over the above. */
  context?: BrowserContextOptions;
}

/**
 * A fresh browser context at `width`×`height` (900 unless told) in `language`, with the page's
 * uncaught errors collected (a flow ends by expecting none).
 */
export async function openPage(browser: Browser, opts: PageOptions) {
  const language = opts.language ?? 'zh-TW';
  const context = await browser.newContext({
    viewport: { width: opts.width, height: opts.height ?? 900 },
    locale: language,
    ...opts.context,
  });
  const page = await context.newPage();
  if (language === 'en-US') await page.addInitScript(() => localStorage.setItem('app_language', 'en-US'));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** openPage, signed in as `who` through the sign-in page. */
export async function signedInPage(browser: Browser, url: string, who: { email: string; password: string }, opts: PageOptions) {
  const opened = await openPage(browser, opts);
  await signIn(opened.page, url, who.email, who.password);
  return opened;
}

/**
 * Scrolls the overview down to each of its other features' cards in turn, as a user does: they load when
 * they come near the viewport (lib/after-first-paint.ts useNearViewport), not before.
 */
export async function scrollToOverviewCards(page: Page): Promise<void> {
  await page.locator('.overview-page').waitFor();
  const slots = page.locator('.overview-async');
  for (let i = 0; i < (await slots.count()); i++) await slots.nth(i).scrollIntoViewIfNeeded();
}

/** Signs in through the sign-in page and waits for an admin screen. */
export async function signIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByTestId('sign-in-submit').click();
  await page.waitForURL((u) => u.pathname.startsWith('/admin'), { timeout: 30_000 });
}

/**
 * A screenshot in e2e/screenshots (git-ignored) for a person to look at, once the screen has settled
 * (waitForSettled): the whole page from the top, or with `fullPage: false` the viewport as it is
 * (scrolled or not). Not an assertion: `E2E_SCREENSHOTS=0` (set by `npm test`, whose screenshots
 * nobody looks at) skips the capture.
 */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  const path = join(SCREENSHOTS, `${name}.png`);
  if (process.env.E2E_SCREENSHOTS === '0') return path;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await waitForSettled(page);
  const fullPage = opts.fullPage ?? true;
  // A sticky header in a scrolled full-page capture lands mid-image; capture from the top.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage });
  return path;
}

/** Closes the toasts on screen, one at a time (they slide in from the right edge and would widen a phone's page). */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.locator('.ant-notification-notice-close');
  // A toast may close on its own between the count and the click: the click then finds none, and the
  // loop counts again.
  while ((await close.count()) > 0) {
    await close
      .first()
      .click({ timeout: 5_000 })
      .catch(() => {});
  }
}

/**
 * Whether the page is no wider than the viewport it was opened with (1 px of rounding allowed): a phone's
 * page never scrolls sideways. Not `window.innerWidth`: a phone (isMobile) widens its layout viewport to a
 * page that overflows and zooms out, so innerWidth grows with the page.
 */
export const noSideScroll = (page: Page) =>
  page.evaluate((width) => document.documentElement.scrollWidth <= (width ?? window.innerWidth) + 1, page.viewportSize()?.width);

/**
 * Issue 14.5: axe-core (WCAG 2.0/2.1 A and AA rules) on the screen as it stands, once it has settled
 * (no spinner or skeleton, animations done). Fails with every serious or critical violation: rule,
 * help and the elements. axe is injected through the DevTools protocol (page.evaluate), not as a page
 * script, so the Content-Security-Policy stays as strict as in production.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const found = await accessibilityFindings(page);
  if (found.length)
    throw new Error(`axe on ${screen} (${page.url()}): ${found.length} serious or critical rule(s)\n  ${found.join('\n  ')}`);
}

/** The serious and critical axe violations of the settled screen, one line per rule (see expectAccessible). */
export async function accessibilityFindings(page: Page): Promise<string[]> {
  await waitForSettled(page);
  const { AxeBuilder } = await import('@axe-core/playwright');
  // Mail previews are sandboxed frames that run no script (axe cannot run inside them): their content is the mail, not the app.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('iframe[sandbox]')
    // Only the violations are read: axe then keeps one node of each passing rule instead of every one.
    .options({ resultTypes: ['violations'] })
    // axe.run in the page (what axe did before 4.3) instead of a partial run per frame finished in a
    // blank page the library opens each time: the same rules on the same nodes in half the time or
    // less. Only frames of another origin go unchecked; the app's one kind, a YouTube player, does
    // not resolve in the flows (its frame element is still checked).
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n      ${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1).join(' ').trim()})` : ''}`).join('\n      ')}`,
    );
}
