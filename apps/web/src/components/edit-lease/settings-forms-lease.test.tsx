import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import AntApp from 'antd/es/app';
import type { ReactNode } from 'react';
import { APP_CONFIG_DEFAULTS } from '@bo/shared/app-config-defaults';
import type { EditLeaseState } from '@bo/shared/schemas/edit-leases';
import { setLanguage } from '../../i18n/index.ts';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { resetOrganizations, setOrganizationState } from '../../lib/organization-store.ts';
import AppSettingsPage from '../../features/app-settings/app-settings-page.tsx';
import OrganizationPage from '../../features/organization/organization-page.tsx';

/**
 * Issue 36 section 2 on the settings documents: 系統設定 and 我的組織 (with its reminder settings)
 * hold an edit lease on their record, show another admin's on the form, and end theirs on save.
 */
let calls: { method: string; url: string; body: Record<string, unknown> | undefined }[];
let answer: EditLeaseState;
const wang = { admin: { id: 2, name: '王小明' }, since: '2026-12-02T02:42:00.000Z' };
const organization = { id: 3, uid: 'a', name: 'North', company_id: null, status: 'active' };

beforeEach(async () => {
  await setLanguage('zh-TW');
  localStorage.clear();
  resetTokenStore();
  resetOrganizations();
  queryClient.clear();
  calls = [];
  answer = { mine: { since: '2026-12-02T02:50:00.000Z', expires_at: '2026-12-02T02:55:00.000Z' }, others: [wang], taken_over: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const json = (b: unknown) => new Response(JSON.stringify(b), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/api/admin/edit-leases'))
        return json(method === 'GET' ? { data: [] } : method === 'DELETE' ? { message: 'OK' } : answer);
      if (url.startsWith('/api/admin/app-config/app/history')) return json({ data: [] });
      if (url.startsWith('/api/admin/app-config/app')) return json({ name: 'app', config: APP_CONFIG_DEFAULTS, updated_at: null });
      if (url.startsWith('/api/admin/account/organization/3')) return json({ ...organization, version: 4 });
      if (url.startsWith('/api/admin/certificate-reminder/settings'))
        return json({ days: 30, line_target: null, line_configured: false, version: 4 });
      if (url.startsWith('/api/admin/certificate-reminder/index')) return json({ data: [], meta: { total: 0 } });
      return json({ data: [], meta: { page: 1, per_page: 10, total: 0, last_page: 1 } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
  resetOrganizations();
});

const leaseCalls = (method: string) => calls.filter((c) => c.method === method && c.url.startsWith('/api/admin/edit-leases'));
const open = (page: ReactNode) =>
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <MemoryRouter>{page}</MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );

// The settings screens are heavy to render (antd forms, the History card): under a loaded machine they take a while.
describe('系統設定 (app config)', { timeout: 60_000 }, () => {
  it("takes the lease on app_config app, shows another super admin's, and ends it on save", async () => {
    setToken(makeToken({ roles: ['ROLE_SUPER_ADMIN'] }));
    open(<AppSettingsPage />);
    expect((await screen.findByTestId('edit-lease-banner')).textContent).toContain('王小明 正在編輯（10:42 起）');
    expect(leaseCalls('POST')[0]?.body).toEqual({ target_type: 'app_config', target_id: 'app' });
    fireEvent.change(document.querySelector('#title')!, { target: { value: '新的後台' } });
    fireEvent.click(await screen.findByTestId('settings-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/admin/app-config/app/update')).toBe(true));
    await waitFor(() => expect(leaseCalls('DELETE')[0]?.body).toEqual({ target_type: 'app_config', target_id: 'app' }));
  });

  it('shows no banner while nobody else has it open', async () => {
    answer = { ...answer, others: [] };
    setToken(makeToken({ roles: ['ROLE_SUPER_ADMIN'] }));
    open(<AppSettingsPage />);
    await screen.findByTestId('back-office-card');
    await waitFor(() => expect(leaseCalls('POST')).toHaveLength(1));
    expect(screen.queryByTestId('edit-lease-banner')).toBeNull();
  });
});

describe('我的組織 and its reminder settings', { timeout: 60_000 }, () => {
  it("hold one lease on the organization, show another admin's on both forms, and a save of the reminders ends it", async () => {
    setToken(makeToken({ id: 5, roles: [], subRoles: ['SUB_ACCOUNT_ROLE_ADMIN'] }));
    setOrganizationState([{ ...organization, sub_account_roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }], 3);
    open(<OrganizationPage />);
    await waitFor(() => expect(screen.getAllByTestId('edit-lease-banner')).toHaveLength(2));
    for (const banner of screen.getAllByTestId('edit-lease-banner')) expect(banner.textContent).toContain('王小明 正在編輯（10:42 起）');
    // One lease for the page, acting in the organization (organization_id travels with it).
    expect(leaseCalls('POST')).toHaveLength(1);
    expect(leaseCalls('POST')[0]?.body).toEqual({ target_type: 'organization', target_id: '3', organization_id: 3 });
    fireEvent.change(screen.getByTestId('reminder-days').querySelector('input') ?? screen.getByTestId('reminder-days'), {
      target: { value: '45' },
    });
    fireEvent.click(screen.getByTestId('reminder-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/admin/certificate-reminder/settings')).toBe(true));
    await waitFor(() => expect(leaseCalls('DELETE')[0]?.body).toMatchObject({ target_type: 'organization', target_id: '3' }));
  });
});
