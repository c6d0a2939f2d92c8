/**
 * The company's screens in a real Chromium (issue 40): the staff list, the audit log and the compliance
 * dashboard of `shape.organizationId`, at 1440×900. For each, the browser's own timings (performance.now()
 * in the page, whose clock starts with the navigation): the first table rows after a full page load, a
 * filter from its input event to the filtered rows, and the JavaScript heap after ten pages (after a
 * garbage collection). Goals: first rows ≤ 1 s, a filter ≤ 300 ms, at full size.
 *
 * A time is taken in the animation frame in which the rows are in the document with no spinner over them
 * (the frame that paints them): not a skeleton, not the previous page's rows.
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath, chromiumSwitches } from '../../e2e/chromium.mjs';
import type { CompanyShape, Credentials } from './shape.ts';

export const GOAL_FIRST_ROWS_MS = 1_000;
export const GOAL_FILTER_MS = 300;
const PAGES = 10;
const TIMEOUT_MS = 60_000;

export interface ScreenFigure {
  screen: string;
  /** Median over the runs, from the navigation's start to the first rows painted. */
  firstRowsMs: number;
  /** Median over the runs, from the filter's input event to the filtered rows painted. */
  filterMs: number;
  /** JSHeapUsedSize after PAGES pages and a forced garbage collection. */
  heapAfterScrollMb: number;
  /** 1-minute load average when the screen's figures were taken. */
  loadavg: number;
  notes: string;
}

export interface MeasureScreensOptions {
  baseUrl: string;
  shape: CompanyShape;
  log?: (line: string) => void;
  /** Page loads (each with its filter) per screen; the median is the figure. */
  runs?: number;
  /** Where each screen's screenshots go (first rows, filtered, after the pages); none without it. */
  screenshotDir?: string;
}

/** A filter made ready on the screen (text typed, a choice read): `apply` makes the input event its time starts from. */
interface ReadyFilter {
  label: string;
  /** The input event types the time starts from. */
  startsOn: string[];
  apply(): Promise<void>;
}

interface Screen {
  name: string;
  who: 'superAdmin' | 'organizationAdmin';
  path(shape: CompanyShape): string;
  /** The element holding the table rows (and its spinner). */
  rows: string;
  /** The element whose pagination `next` button turns the pages. */
  pager: string;
  /** A part of the list request's URL (its time is noted beside the screen's). */
  api: string;
  filter(page: Page, shape: CompanyShape): Promise<ReadyFilter>;
}

/** The text box of a search field (the test id is on the input or on its wrapper). */
const textBox = (page: Page, testId: string) => page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

/** `text` typed into the search field `testId`, searched with Enter (what the field's search waits for). */
const search =
  (testId: string, what: string) =>
  async (page: Page, shape: CompanyShape): Promise<ReadyFilter> => {
    const box = textBox(page, testId);
    await box.fill(shape.sample.staffKeyword);
    return { label: `${what} "${shape.sample.staffKeyword}"`, startsOn: ['keydown'], apply: () => box.press('Enter') };
  };

const inOrganization = (path: string) => (shape: CompanyShape) => `${path}?org=${shape.organizationId}`;

export const SCREENS: Screen[] = [
  {
    name: 'staff list',
    who: 'organizationAdmin',
    path: inOrganization('/admin/staff'),
    rows: '[data-testid="staff-table"]',
    pager: '[data-testid="staff-table"]',
    api: '/staff/index?',
    filter: search('list-keyword', 'keyword'),
  },
  {
    name: 'audit log',
    who: 'superAdmin',
    path: () => '/admin/audit-log',
    rows: '[data-testid="audit-table"]',
    pager: '[data-testid="audit-table"]',
    api: '/audit-log/index?',
    // A staff member's history: the target search by name (a prefix of the recorded target label, indexed).
    filter: search('filter-target-search', 'target name'),
  },
  {
    name: 'compliance dashboard',
    who: 'organizationAdmin',
    path: inOrganization('/admin/compliance'),
    rows: '[data-testid="compliance-workers"]',
    pager: '[data-testid="compliance-dashboard"] > .ant-card',
    api: '/compliance/items?',
    // The status card (not ok) counting the most due items (the cards are the dashboard's filter).
    async filter(page) {
      const counts = page.locator('[data-testid^="status-card-"] .compliance-card-count');
      // The counts come with the summary, a request beside the list's.
      await page.waitForFunction(
        () => [...document.querySelectorAll('.compliance-card-count')].some((el) => el.textContent !== '—'),
        null,
        { timeout: TIMEOUT_MS },
      );
      const cards = await counts.evaluateAll((els) =>
        els.map((el) => ({ id: el.parentElement!.getAttribute('data-testid')!, count: Number(el.textContent) || 0 })),
      );
      const card = cards.filter((c) => c.id !== 'status-card-ok').sort((a, b) => b.count - a.count)[0] ?? {
        id: 'status-card-overdue',
        count: 0,
      };
      return {
        label: `status card ${card.id.replace('status-card-', '')} (${card.count})`,
        startsOn: ['click'],
        apply: () => page.getByTestId(card.id).click(),
      };
    },
  },
];

/** What the page answers about one screen's rows (see installProbe); times in the page's clock. */
interface Measured {
  start: number | null;
  at: number | null;
  rows: number;
  empty: boolean;
  /** The screen's list request that answered before `at` (Resource Timing): sent and answered. */
  api: { sent: number; answered: number } | null;
}

/**
 * Runs in every document of the context before the app: for the screen at `location.pathname`, records
 * when its first rows are in a frame (`first`), and offers `arm(types)` to time the next trusted input
 * event of `types` to the frame in which the rows changed (or a loading state came and went).
 */
function installProbe(scopes: Record<string, { rows: string; api: string }>) {
  const scope = scopes[location.pathname];
  if (!scope) return;
  performance.setResourceTimingBufferSize(5000);
  const state = () => {
    const root = document.querySelector(scope.rows);
    if (!root) return null;
    const rows = root.querySelectorAll('tbody tr.ant-table-row');
    return {
      rows: rows.length,
      // The table's spinner sits beside the rows (a test id on the table itself leaves it outside `root`).
      loading: !!(root.closest('.ant-table-wrapper') ?? root).querySelector('.ant-spin-spinning, .ant-skeleton-active'),
      empty: !!root.querySelector('tbody tr.ant-table-placeholder .ant-empty, tbody tr.ant-table-placeholder .empty-state'),
      sig: rows.length
        ? `${rows.length}:${rows[0]!.getAttribute('data-row-key')}:${rows[rows.length - 1]!.getAttribute('data-row-key')}`
        : '',
    };
  };
  const apiBetween = (from: number, to: number) => {
    const e = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.name.includes(scope.api) && r.startTime >= from && r.responseEnd <= to)
      .pop();
    return e ? { sent: e.startTime, answered: e.responseEnd } : null;
  };
  const first: Measured = { start: 0, at: null, rows: 0, empty: false, api: null };
  const observer = new MutationObserver(() => {
    const s = state();
    if (!s || s.loading || s.rows === 0) return;
    observer.disconnect();
    first.rows = s.rows;
    requestAnimationFrame(() => {
      first.at = performance.now();
      first.api = apiBetween(0, first.at);
    });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  const probe = {
    first,
    last: null as null | Measured,
    arm(types: string[]) {
      const before = state()?.sig ?? '';
      const m = { start: null as number | null, at: null as number | null, rows: 0, empty: false, api: null as Measured['api'] };
      let sawLoading = false;
      const onEvent = (e: Event) => {
        if (m.start === null && e.isTrusted) m.start = e.timeStamp;
      };
      for (const t of types) document.addEventListener(t, onEvent, { capture: true });
      // A loading state shorter than a frame is still seen here.
      const loadingSeen = new MutationObserver(() => {
        if (m.start !== null && state()?.loading) sawLoading = true;
      });
      loadingSeen.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
      const tick = () => {
        const s = m.start === null ? null : state();
        if (s?.loading) sawLoading = true;
        // The same rows again (a filter the first page already met) are done once their request answered.
        else if (s && (sawLoading || s.sig !== before || apiBetween(m.start!, performance.now())) && (s.rows > 0 || s.empty)) {
          m.at = performance.now();
          m.rows = s.rows;
          m.empty = s.rows === 0;
          m.api = apiBetween(m.start!, m.at);
          loadingSeen.disconnect();
          for (const t of types) document.removeEventListener(t, onEvent, { capture: true });
          return;
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      probe.last = m;
    },
  };
  (window as unknown as { __screenProbe: typeof probe }).__screenProbe = probe;
}

type ProbeWindow = Window & { __screenProbe: { first: Measured; last: Measured | null; arm(types: string[]): void } };

const waitFirstRows = (page: Page) =>
  page
    .waitForFunction(() => (window as unknown as ProbeWindow).__screenProbe?.first.at != null, null, { timeout: TIMEOUT_MS, polling: 50 })
    .then(() => page.evaluate(() => (window as unknown as ProbeWindow).__screenProbe.first));

const arm = (page: Page, types: string[]) => page.evaluate((t) => (window as unknown as ProbeWindow).__screenProbe.arm(t), types);

const waitArmed = (page: Page) =>
  page
    .waitForFunction(() => (window as unknown as ProbeWindow).__screenProbe.last?.at != null, null, { timeout: TIMEOUT_MS, polling: 50 })
    .then(() => page.evaluate(() => (window as unknown as ProbeWindow).__screenProbe.last!));

/** The browser the e2e flows use (e2e/harness.ts launchBrowser), headless, nothing leaving the machine. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumSwitches(),
  });
}

/** A context at 1440×900 in zh-TW, signed in as `who` through the sign-in page (as e2e/harness.ts signIn). */
async function signedInContext(browser: Browser, baseUrl: string, who: Credentials): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-TW', reducedMotion: 'reduce' });
  const scopes = Object.fromEntries(
    SCREENS.map((s) => [s.path({ organizationId: 0 } as CompanyShape).split('?')[0]!, { rows: s.rows, api: s.api }]),
  );
  // As source: tsx (esbuild keepNames) wraps the function's inner functions in a `__name` helper the page lacks.
  await context.addInitScript({ content: `var __name = (f) => f; (${installProbe.toString()})(${JSON.stringify(scopes)});` });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await page
    .locator('#email')
    .waitFor({ timeout: TIMEOUT_MS })
    .catch(async (e: Error) => {
      throw new Error(
        `no sign-in form at ${page.url()}: ${((await page.locator('body').textContent()) ?? '').slice(0, 300)} (${e.message.split('\n')[0]})`,
      );
    });
  await page.locator('#email').fill(who.email);
  await page.locator('#password').fill(who.password);
  await page.getByTestId('sign-in-submit').click();
  await page.waitForURL((u) => u.pathname.startsWith('/admin'), { timeout: TIMEOUT_MS });
  return { context, page };
}

const median = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : Number.NaN;
};
/** Each run's figure, `a/b/c`. */
const series = (xs: (number | null | undefined)[]) => xs.map((x) => (x != null && Number.isFinite(x) ? x.toFixed(0) : '—')).join('/');
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : '—');

async function heapUsedMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN) / 1024 / 1024;
  } finally {
    await cdp.detach();
  }
}

async function measureScreen(page: Page, screen: Screen, o: MeasureScreensOptions & { runs: number }): Promise<ScreenFigure> {
  const { baseUrl, shape } = o;
  const url = `${baseUrl}${screen.path(shape)}`;
  const file = (what: string) => (o.screenshotDir ? join(o.screenshotDir, `${screen.name.replace(/\W+/g, '-')}-${what}.png`) : null);
  const shoot = async (what: string) => {
    const path = file(what);
    if (path) await page.screenshot({ path });
  };
  const firsts: number[] = [];
  const filters: number[] = [];
  const notes: string[] = [];
  const firstApi: Measured['api'][] = [];
  const filterApi: Measured['api'][] = [];
  let firstRows = 0;
  let filteredRows = '';
  let filterLabel = '';
  for (let run = 0; run < o.runs; run++) {
    await page.goto(url, { waitUntil: 'commit' });
    const first = await waitFirstRows(page);
    firsts.push(first.at!);
    firstApi.push(first.api);
    firstRows = first.rows;
    if (run === 0) await shoot('first-rows');
    const filter = await screen.filter(page, shape);
    filterLabel = filter.label;
    await arm(page, filter.startsOn);
    await filter.apply();
    const filtered = await waitArmed(page).catch((e: Error) => e);
    if (filtered instanceof Error || filtered.start === null) {
      notes.push(`filter not timed (${filtered instanceof Error ? filtered.message.split('\n')[0] : 'no input event seen'})`);
      filters.push(Number.NaN);
    } else {
      filters.push(filtered.at! - filtered.start);
      filterApi.push(filtered.api);
      filteredRows = filtered.empty ? 'no match' : `${filtered.rows} rows`;
    }
    if (run === 0) await shoot('filtered');
  }

  // The pages from a fresh load: the heap is the screen's after PAGES pages, not after the filter's runs.
  await page.goto(url, { waitUntil: 'commit' });
  await waitFirstRows(page);
  const heapBefore = await heapUsedMb(page);
  const turns: number[] = [];
  for (let i = 0; i < PAGES; i++) {
    const next = page.locator(`${screen.pager} .ant-pagination-next`).last();
    if (
      (await next.count()) === 0 ||
      (await next.getAttribute('aria-disabled')) === 'true' ||
      /disabled/.test((await next.getAttribute('class')) ?? '')
    ) {
      notes.push(`only ${i + 1} pages`);
      break;
    }
    await arm(page, ['click']);
    await next.click();
    const turned = await waitArmed(page);
    turns.push(turned.at! - turned.start!);
  }
  await shoot(`page-${turns.length + 1}`);
  const heap = await heapUsedMb(page);

  const figure: ScreenFigure = {
    screen: screen.name,
    firstRowsMs: median(firsts),
    filterMs: median(filters),
    heapAfterScrollMb: heap,
    loadavg: loadavg()[0]!,
    notes: [
      `first rows ${series(firsts)} ms (${firstRows} rows; the list request answered at ${series(firstApi.map((a) => a?.answered))} ms, ` +
        `took ${series(firstApi.map((a) => a && a.answered - a.sent))} ms)`,
      `filter ${filterLabel} ${series(filters)} ms (${filteredRows || '—'}; its request took ${series(filterApi.map((a) => a && a.answered - a.sent))} ms)`,
      `page turn median ${ms(median(turns))} max ${ms(Math.max(...turns))}`,
      `heap ${heapBefore.toFixed(1)} MB after first rows`,
      ...notes,
    ].join('; '),
  };
  o.log?.(
    `  ${screen.name}: first rows ${ms(figure.firstRowsMs)}, filter ${ms(figure.filterMs)}, heap ${heap.toFixed(1)} MB (load ${figure.loadavg.toFixed(2)})`,
  );
  return figure;
}

/** The three screens at the company's size, one signed-in context per account; prints the table. */
export async function measureScreens(options: MeasureScreensOptions): Promise<ScreenFigure[]> {
  const o = { log: (line: string) => console.log(line), runs: 3, ...options };
  if (o.screenshotDir) mkdirSync(o.screenshotDir, { recursive: true });
  const browser = await launchChromium();
  const figures: ScreenFigure[] = [];
  try {
    const sessions = new Map<Screen['who'], Page>();
    for (const screen of SCREENS) {
      let page = sessions.get(screen.who);
      if (!page) {
        page = (await signedInContext(browser, o.baseUrl, o.shape[screen.who])).page;
        sessions.set(screen.who, page);
      }
      figures.push(
        await measureScreen(page, screen, o).catch(async (e: Error) => {
          const path = o.screenshotDir ? join(o.screenshotDir, `${screen.name.replace(/\W+/g, '-')}-failed.png`) : null;
          if (path) await page!.screenshot({ path }).catch(() => undefined);
          return {
            screen: screen.name,
            firstRowsMs: Number.NaN,
            filterMs: Number.NaN,
            heapAfterScrollMb: Number.NaN,
            loadavg: loadavg()[0]!,
            notes: `failed: ${e.message.split('\n')[0]}${path ? ` (${path})` : ''}`,
          };
        }),
      );
    }
  } finally {
    await browser.close();
  }
  printScreens(figures, o.shape, o.log);
  return figures;
}

const verdict = (x: number, goal: number) => (Number.isFinite(x) ? (x <= goal ? 'met' : 'missed') : '—');

export function printScreens(figures: ScreenFigure[], shape: Pick<CompanyShape, 'scale' | 'engine'>, log: (line: string) => void): void {
  log(
    `\nScreens in Chromium at 1440×900, company scale ${shape.scale} on ${shape.engine} ` +
      `(goals at full size: first rows <= ${GOAL_FIRST_ROWS_MS} ms, a filter <= ${GOAL_FILTER_MS} ms)`,
  );
  log(`  ${'screen'.padEnd(22)} ${'first rows'.padStart(10)}        ${'filter'.padStart(8)}        ${'heap'.padStart(9)}   load`);
  for (const f of figures) {
    log(
      `  ${f.screen.padEnd(22)} ${ms(f.firstRowsMs).padStart(10)} ${verdict(f.firstRowsMs, GOAL_FIRST_ROWS_MS).padEnd(6)} ` +
        `${ms(f.filterMs).padStart(8)} ${verdict(f.filterMs, GOAL_FILTER_MS).padEnd(6)} ` +
        `${(Number.isFinite(f.heapAfterScrollMb) ? `${f.heapAfterScrollMb.toFixed(1)} MB` : '—').padStart(9)}   ${f.loadavg.toFixed(2)}`,
    );
    log(`      ${f.notes}`);
  }
}
