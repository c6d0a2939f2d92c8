import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import AntApp from 'antd/es/app';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { resetOrganizations, setOrganizationState } from '../../lib/organization-store.ts';
import { i18n } from '../../i18n/index.ts';
import { api } from '../../lib/api-client.ts';
import { ComplianceDashboard } from './compliance-dashboard.tsx';

let urls: string[];
let summaryStatus = 200;
let rosterCount = 2;
const zero = { overdue: 0, missing: 0, cannot_tell: 0, due_30: 0, due_60: 0, due_90: 0, ok: 0 };
const summary = () => ({
  today: '2026-12-02',
  roster_count: rosterCount,
  counts: { ...zero, overdue: 1, due_30: 1, ok: 4 },
  sites: [
    { id: 7, name: '北區工地', counts: { ...zero, overdue: 1, ok: 2 } },
    { id: 8, name: '南區工地', counts: { ...zero, due_30: 1, ok: 2 } },
  ],
  rules: [{ rule_key: 'health-check', title: null, counts: { ...zero, overdue: 1, due_30: 1 } }],
  contractors: [{ id: 3, name: '大明營造' }],
});
const worker = (id: number, name: string, status: string, due_on: string) => ({
  roster_id: id,
  staff: { id, name, company: id === 1 ? '大明營造' : null },
  site: { id: 7, name: '北區工地' },
  site_role: 'supervisor_scaffolding',
  worst_status: status,
  items: [
    {
      rule_key: 'health-check',
      title: null,
      status,
      due_on,
      window_opens_on: null,
      reason_key: 'compliance.reason.next_due',
      reason_params: { last_on: '2025-12-12', months: 12, due_on, days_left: 10 },
      citation: { 'zh-TW': '勞工健康保護規則 §17', 'en-US': 'Labor Health Protection Rules §17' },
    },
  ],
});

beforeEach(() => {
  localStorage.clear();
  resetTokenStore();
  resetOrganizations();
  queryClient.clear();
  urls = [];
  summaryStatus = 200;
  rosterCount = 2;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status });
      if (url.includes('/compliance/summary'))
        return summaryStatus === 200 ? json(summary()) : json({ message: 'Server Error' }, summaryStatus);
      if (url.includes('/compliance/items')) {
        const data = url.includes('status=overdue')
          ? [worker(2, '李大華', 'overdue', '2026-12-01')]
          : [worker(2, '李大華', 'overdue', '2026-12-01'), worker(1, '王小明', 'due_30', '2026-12-12')];
        return json({ data, meta: { page: 1, per_page: 20, total: data.length, last_page: 1 } });
      }
      if (url.startsWith('/api/admin/organization/staff-excel/index'))
        return json({ data: [{ id: 5, name: '法遵名冊', layout: 'roster' }], meta: { page: 1, per_page: 100, total: 1, last_page: 1 } });
      if (url.startsWith('/api/admin/staff/organizations')) return json({ data: [{ id: 1, name: 'North', staff_count: 1 }] });
      return json({ data: [] });
    }),
  );
  setToken(makeToken({ roles: [], subRoles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] }));
  setOrganizationState([{ id: 1, uid: 'n', name: 'North', company_id: null, status: 'active' } as never], 1);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
  resetOrganizations();
});

const renderDashboard = (props: Parameters<typeof ComplianceDashboard>[0] = { scope: 'organization' }, path = '/admin/compliance') =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AntApp>
          <ComplianceDashboard {...props} />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('compliance dashboard', { timeout: 30_000 }, () => {
  it('shows the counts, the sites and the workers with each item, its reason, date and citation', async () => {
    await i18n.changeLanguage('zh-TW');
    renderDashboard();
    const workers = await screen.findByTestId('compliance-workers');
    await within(workers).findByText('李大華');
    expect(within(screen.getByTestId('status-card-overdue')).getByText('1')).toBeTruthy();
    expect(within(screen.getByTestId('status-card-ok')).getByText('4')).toBeTruthy();
    expect(within(screen.getByTestId('compliance-sites')).getByText('南區工地')).toBeTruthy();
    expect(within(workers).getByText('大明營造')).toBeTruthy();
    expect(within(workers).getAllByText('施工架組配作業主管').length).toBe(2);
    expect(within(workers).getAllByText('勞工健康保護規則 §17').length).toBe(2);
    expect(within(workers).getByText(/2026-12-12/, { selector: '.compliance-item-date' })).toBeTruthy();
    expect(within(workers).getByText('上次 2025-12-12，每 12 個月一次，下次期限 2026-12-12（尚餘 10 天）')).toBeTruthy();
    expect(urls.some((u) => u.startsWith('/api/admin/organization/compliance/items') && u.includes('organization_id=1'))).toBe(true);
  });

  it('a status card filters the list, and pressed again lets it go', async () => {
    renderDashboard();
    await screen.findByText('王小明');
    fireEvent.click(screen.getByTestId('status-card-overdue'));
    await waitFor(() => expect(screen.queryByText('王小明')).toBeNull());
    expect(screen.getByTestId('status-card-overdue').getAttribute('aria-pressed')).toBe('true');
    expect(urls.some((u) => u.includes('/compliance/items') && u.includes('status=overdue'))).toBe(true);
    fireEvent.click(screen.getByTestId('status-card-overdue'));
    await screen.findByText('王小明');
  });

  it("the export offers the organization's staff templates and fills the chosen one", async () => {
    await i18n.changeLanguage('zh-TW');
    const download = vi.spyOn(api, 'download').mockResolvedValue(undefined as never);
    renderDashboard();
    await screen.findByText('王小明');
    const picker = screen.getByTestId('compliance-export-template');
    expect(within(picker).getByText('標準清單')).toBeTruthy();
    fireEvent.mouseDown(within(picker).getByRole('combobox'));
    fireEvent.click(await screen.findByText('法遵名冊', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByTestId('compliance-export'));
    await waitFor(() => expect(download).toHaveBeenCalled());
    expect(download.mock.calls[0]![0]).toBe('/api/admin/organization/compliance/export');
    expect(download.mock.calls[0]![1]).toMatchObject({ template_id: 5, sort: 'worst' });
    download.mockRestore();
  });

  it('the site view asks for its site only and shows no per-site table', async () => {
    renderDashboard({ scope: 'organization', siteId: 7 }, '/admin/sites/7/compliance');
    await screen.findByText('王小明');
    expect(screen.queryByTestId('compliance-sites')).toBeNull();
    expect(urls.filter((u) => u.includes('/compliance/')).every((u) => u.includes('site_id=7'))).toBe(true);
  });

  it('without a site roster: 「尚無工地名冊」 with a link to the sites', async () => {
    await i18n.changeLanguage('zh-TW');
    rosterCount = 0;
    renderDashboard();
    expect(await screen.findByText('尚無工地名冊')).toBeTruthy();
    expect(screen.getByRole('link', { name: '前往工地' }).getAttribute('href')).toBe('/admin/sites');
  });

  it('a failed load (a site of another organization: 404) shows the error state with a retry', async () => {
    summaryStatus = 404;
    renderDashboard({ scope: 'organization', siteId: 99 }, '/admin/sites/99/compliance');
    expect(await screen.findByText('重新整理', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('compliance-dashboard')).toBeNull();
  });

  it('across organizations: no organization is sent, the organization filter is offered, no export', async () => {
    setToken(makeToken({ roles: ['ROLE_STAFF'] }));
    resetOrganizations();
    renderDashboard({ scope: 'across' }, '/admin/compliance/across');
    await screen.findByText('王小明');
    expect(screen.getByTestId('filter-organization_id')).toBeTruthy();
    expect(screen.queryByTestId('compliance-export')).toBeNull();
    expect(urls.some((u) => u.startsWith('/api/admin/compliance/items'))).toBe(true);
    expect(urls.some((u) => u.startsWith('/api/admin/organization/'))).toBe(false);
  });

  it('in English at 390 px the workers become cards', async () => {
    await i18n.changeLanguage('en-US');
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    window.dispatchEvent(new Event('resize'));
    try {
      renderDashboard();
      await screen.findByText('王小明');
      expect(screen.getByText('Overdue', { selector: '.compliance-card-label' })).toBeTruthy();
      expect(document.querySelectorAll('.compliance-worker-card').length).toBe(2);
      expect(screen.getAllByText(/Own company/).length).toBe(1);
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
      window.dispatchEvent(new Event('resize'));
      await i18n.changeLanguage('zh-TW');
    }
  });
});
