import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import AntApp from 'antd/es/app';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { resetOrganizations, setOrganizationState } from '../../lib/organization-store.ts';
import StaffListPage from './staff-list-page.tsx';

let urls: string[];
const staff = (id: number, organization_id: number, name: string) => ({
  id,
  organization_id,
  name,
  nickname: null,
  display_name: name,
  national_id: null,
  birthday: null,
  gender: null,
  mobile: null,
  email: null,
  job_title: null,
  hire_date: '2026-11-23',
  status: 'active',
  photo_id: null,
  has_photo: false,
  certificate_status: 'none',
  expired_count: 0,
  expiring_count: 0,
  certificate_count: 0,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
});

beforeEach(() => {
  localStorage.clear();
  resetTokenStore();
  resetOrganizations();
  queryClient.clear();
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const json = (b: unknown) => new Response(JSON.stringify(b), { status: 200 });
      const page = (data: unknown[]) => json({ data, meta: { page: 1, per_page: 20, total: data.length, last_page: 1 } });
      if (url.startsWith('/api/admin/staff/organizations')) {
        return json({
          data: [
            { id: 1, name: 'North', company_id: null, status: 'active', staff_count: 1 },
            { id: 2, name: 'South', company_id: '12345678', status: 'active', staff_count: 1 },
          ],
        });
      }
      if (url.startsWith('/api/admin/staff/index')) {
        return page(url.includes('organization_id=2') ? [staff(2, 2, 'Bo South')] : [staff(1, 1, 'Al North'), staff(2, 2, 'Bo South')]);
      }
      if (url.startsWith('/api/admin/organization/staff/index')) return page([staff(1, 1, 'Al North')]);
      return json({ data: [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
  resetOrganizations();
});

const renderAt = (path = '/admin/staff') =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AntApp>
          <StaffListPage />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('staff list across organizations (issue 14.2)', { timeout: 30_000 }, () => {
  it('a company-wide staff manager of no organization sees every organization, with an organization column, read-only', async () => {
    setToken(makeToken({ roles: ['ROLE_STAFF'] }));
    renderAt();
    const table = await screen.findByTestId('staff-table');
    await within(table).findByText('Bo South');
    expect(within(table).getByText('South (12345678)')).toBeTruthy();
    expect(screen.getByTestId('filter-organization')).toBeTruthy();
    expect(screen.queryByTestId('staff-create')).toBeNull();
    expect(screen.queryByTestId('staff-import')).toBeNull();
    expect(urls.some((u) => u.startsWith('/api/admin/organization/'))).toBe(false);
  });

  it('filters one organization by the URL, without an organization column', async () => {
    setToken(makeToken({ roles: ['ROLE_STAFF'] }));
    renderAt('/admin/staff?organization=2');
    const table = await screen.findByTestId('staff-table');
    await within(table).findByText('Bo South');
    expect(within(table).queryByText('Al North')).toBeNull();
    expect(urls.some((u) => u.startsWith('/api/admin/staff/index') && u.includes('organization_id=2'))).toBe(true);
    expect(within(table).queryByText('South (12345678)')).toBeNull();
  });

  it('a super admin who is not a member gets the list instead of a dead end, without write buttons', async () => {
    setToken(makeToken({ roles: ['ROLE_SUPER_ADMIN'] }));
    setOrganizationState([{ id: 1, uid: 'n', name: 'North', company_id: null, status: 'active' } as never], 1);
    renderAt();
    await screen.findByText('Al North');
    expect(screen.queryByTestId('staff-create')).toBeNull();
    expect(urls.some((u) => u.startsWith('/api/admin/organization/staff/index'))).toBe(false);
  });

  it("an organization's staff writer keeps its own list with write buttons and no organization filter", async () => {
    setToken(makeToken({ roles: [], subRoles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] }));
    setOrganizationState([{ id: 1, uid: 'n', name: 'North', company_id: null, status: 'active' } as never], 1);
    renderAt();
    await screen.findByText('Al North');
    expect(screen.getByTestId('staff-create')).toBeTruthy();
    expect(screen.queryByTestId('filter-organization')).toBeNull();
    await waitFor(() => expect(urls.some((u) => u.startsWith('/api/admin/organization/staff/index'))).toBe(true));
    expect(urls.some((u) => u.startsWith('/api/admin/staff/'))).toBe(false);
  });
});
