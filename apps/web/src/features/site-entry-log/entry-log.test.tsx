import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import AntApp from 'antd/es/app';
import type { Entry } from '@bo/shared/schemas/gate';
import type { Site } from '@bo/shared/schemas/site';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { resetOrganizations, setOrganizationState } from '../../lib/organization-store.ts';
import { i18n } from '../../i18n/index.ts';
import { EntryLogTab } from './entry-log-tab.tsx';
import { OverridesCard } from './overrides-card.tsx';

const site = { id: 7, name: '北區工地' } as Site;
const refused: Entry = {
  id: 31,
  site_id: 7,
  staff_id: 5,
  staff_name: '陳大明',
  company_name: '永信工程行',
  pass_id: 9,
  direction: 'in',
  verdict: 'refuse',
  admitted: true,
  reasons: [
    {
      code: 'rule',
      blocking: true,
      rule_key: 'health_check',
      rule_title: { 'zh-TW': '健康檢查', 'en-US': 'Health check' },
      status: 'overdue',
      due_on: '2026-01-01',
      overdue_days: 73,
      detail: null,
    },
  ],
  scanned_at: '2026-03-15T00:30:00.000Z',
  day: '2026-03-15',
  received_at: '2026-03-15T00:31:00.000Z',
  admin_id: 2,
  admin_name: '門禁小王',
  device_id: 'dev-1',
  device_label: '北門平板',
  client_entry_id: 'abc-12345678',
  offline: true,
  snapshot_at: '2026-03-14T22:00:00.000Z',
  override_admin_id: 3,
  override_admin_name: '林主任',
  override_reason: '體檢報告已補交',
  override_at: '2026-03-15T00:40:00.000Z',
};

let calls: string[] = [];
function answer(url: string) {
  if (url.includes('/on-site'))
    return {
      day: '2026-03-15',
      data: [
        {
          staff_id: 5,
          name: '陳大明',
          company_name: '永信工程行',
          job_title: null,
          site_role: null,
          has_photo: false,
          entered_at: refused.scanned_at,
          entry_id: 31,
        },
      ],
      counts: { scans: 4, admitted: 2, refused: 2, overridden: 1 },
    };
  if (url.includes('/entries')) return { data: [refused], meta: { page: 1, per_page: 20, total: 1, last_page: 1 } };
  if (url.includes('/compliance/overrides')) return { data: url.includes('limit=10') ? [{ ...refused, site_name: '北區工地' }] : [] };
  return {};
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T02:00:00Z') });
  queryClient.clear();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify(answer(url)), { status: 200 });
    }),
  );
  setOrganizationState([{ id: 1, uid: 'n', name: 'North', company_id: null, status: 'active' } as never], 1);
  setToken(makeToken({ roles: [], subRoles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetTokenStore();
  resetOrganizations();
});

const wrap = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AntApp>{node}</AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the entry log tab', { timeout: 30_000 }, () => {
  it("shows today's counts, who is on site, and the day's entries with reasons in words, offline and override marks", async () => {
    await i18n.changeLanguage('zh-TW');
    wrap(<EntryLogTab site={site} />);
    const table = await screen.findByTestId('site-entries-table');
    await within(table).findByText('陳大明');
    expect(table.textContent).toContain('健康檢查逾期 2 個月');
    expect(table.textContent).toContain('林主任 放行：體檢報告已補交');
    expect(table.textContent).toContain('北門平板');
    expect(table.textContent).toContain('門禁小王');
    expect(within(table).getByTestId('entry-offline').textContent).toContain('離線');
    expect(screen.getByTestId('entry-count-overridden').textContent).toContain('1');
    expect(screen.getByTestId('entry-log-onsite').textContent).toContain('陳大明');
    // Today in Taipei is asked for, sorted newest first; the organization goes along.
    const entriesCall = calls.find((u) => u.includes('/sites/7/entries'))!;
    expect(entriesCall).toContain('day=2026-03-15');
    expect(entriesCall).toContain('sort=scanned_at');
    expect(entriesCall).toContain('organization_id=1');
  });
});

describe('the overrides card', { timeout: 30_000 }, () => {
  it('lists the site, worker, director, reason and what was refused', async () => {
    await i18n.changeLanguage('zh-TW');
    wrap(<OverridesCard />);
    const row = await screen.findByTestId('override-row');
    for (const s of ['北區工地', '陳大明', '林主任', '體檢報告已補交', '健康檢查逾期 2 個月']) expect(row.textContent).toContain(s);
  });
  it('says so when there is none', async () => {
    await i18n.changeLanguage('en-US');
    wrap(<OverridesCard limit={5} />);
    expect(await screen.findByText('No overrides yet')).toBeTruthy();
  });
});
