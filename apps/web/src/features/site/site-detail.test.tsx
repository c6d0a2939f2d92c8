import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import AntApp from 'antd/es/app';
import type { Site } from '@bo/shared/schemas/site';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { resetOrganizations, setOrganizationState } from '../../lib/organization-store.ts';
import { i18n } from '../../i18n/index.ts';
import { SiteDetail } from './site-detail.tsx';

const site: Site = {
  id: 7,
  organization_id: 1,
  name: '北區工地',
  contract_number: null,
  address: null,
  starts_on: null,
  ends_on: null,
  status: 'active',
  director_staff_id: null,
  director_name: null,
  notes: null,
  roster_count: 0,
  contractor_count: 0,
  created_at: '2026-12-01T00:00:00Z',
  updated_at: '2026-12-01T00:00:00Z',
};

beforeEach(() => {
  queryClient.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.includes('/contractors') && !url.includes('/index') ? { contractor_ids: [], version: 1 } : { data: [], version: 1 };
      return new Response(JSON.stringify({ ...body, meta: { page: 1, per_page: 20, total: 0, last_page: 1 } }), { status: 200 });
    }),
  );
  setOrganizationState([{ id: 1, uid: 'n', name: 'North', company_id: null, status: 'active' } as never], 1);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
  resetOrganizations();
});

const renderDetail = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/admin/sites/7/update']}>
        <AntApp>
          <SiteDetail record={site} canWrite={false} />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('site page', { timeout: 30_000 }, () => {
  it("links the site's own compliance dashboard", async () => {
    await i18n.changeLanguage('zh-TW');
    setToken(makeToken({ roles: [], subRoles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] }));
    renderDetail();
    const link = await screen.findByTestId('site-compliance-link');
    expect(link.getAttribute('href')).toBe('/admin/sites/7/compliance');
    expect(link.textContent).toContain('查看此工地的法規遵循看板');
  });
});
