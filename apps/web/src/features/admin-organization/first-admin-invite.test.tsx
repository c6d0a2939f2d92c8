import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import AntApp from 'antd/es/app';
import { setLanguage } from '../../i18n/index.ts';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { RouteMetaContext } from '../../lib/route-meta.ts';
import { attachToastSink } from '../../lib/toast.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import AdminOrganizationFormPage from './admin-organization-form-page.tsx';

type Call = { url: string; method: string; body?: Record<string, unknown> };
let calls: Call[];
let inviteAnswer: { status: number; body: unknown };
let toasts: { title: string; description: string }[];
const org = {
  id: 42,
  uid: 'org_1',
  name: 'Fresh',
  company_id: null,
  status: 'active',
  member_count: 0,
  members: [],
  created_at: '',
  updated_at: '',
};

beforeEach(async () => {
  await setLanguage('en-US');
  queryClient.clear();
  calls = [];
  toasts = [];
  attachToastSink({ open: (_type, o) => toasts.push({ title: String(o.title), description: String(o.description) }), destroy: () => {} });
  inviteAnswer = {
    status: 200,
    body: {
      member: { admin_id: 9, name: 'Fay', email: 'fay@example.com', sub_account_roles: ['SUB_ACCOUNT_ROLE_ADMIN'] },
      invitation: { sent_to: 'fay@example.com', delivery: 'smtp' },
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status });
      if (url === '/api/admin/admin-organization' && method === 'POST') return json(org);
      if (url === '/api/admin/organization/member/invite') return json(inviteAnswer.body, inviteAnswer.status);
      if (url.startsWith('/api/admin/admin-organization/42')) return json(org);
      if (url.startsWith('/api/admin/account/organizations')) return json({ organizations: [] });
      return json({ data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } });
    }),
  );
  setToken(makeToken({ roles: ['ROLE_SUPER_ADMIN'] }), { broadcast: false });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
});

const renderCreate = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/admin/admin-organization/create']}>
        <AntApp>
          <Routes>
            <Route
              path="/admin/admin-organization/create"
              element={
                <RouteMetaContext.Provider
                  value={{ name: 'admin-organization.create', path: '', mode: 'create', layout: 'admin' } as never}
                >
                  <AdminOrganizationFormPage />
                </RouteMetaContext.Provider>
              }
            />
            <Route path="/admin/admin-organization/:target/update" element={<p>update page</p>} />
          </Routes>
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.submit(screen.getByTestId('organization-name').closest('form')!);

describe('a new organization’s first admin (issue 42, item 8)', () => {
  it('invites the e-mail given as the new organization’s admin once it is created, and says where the mail went', async () => {
    renderCreate();
    fill('organization-name', 'Fresh');
    fill('first-admin-email', 'fay@example.com');
    fill('first-admin-name', 'Fay');
    submit();
    await screen.findByTestId('password-mail-notice');
    const create = calls.find((c) => c.url === '/api/admin/admin-organization' && c.method === 'POST')!;
    expect(create.body).not.toHaveProperty('first_admin_email');
    expect(calls.find((c) => c.url === '/api/admin/organization/member/invite')!.body).toEqual({
      email: 'fay@example.com',
      name: 'Fay',
      sub_account_roles: ['SUB_ACCOUNT_ROLE_ADMIN'],
      organization_id: 42,
    });
  });

  it('asks for a name with the e-mail, and sends nothing until it has one', async () => {
    renderCreate();
    fill('organization-name', 'Fresh');
    fill('first-admin-email', 'fay@example.com');
    submit();
    expect(await screen.findByText('Enter a name to send the invitation')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('creates without an invitation when no e-mail is given', async () => {
    renderCreate();
    fill('organization-name', 'Fresh');
    submit();
    await screen.findByText('update page');
    expect(calls.some((c) => c.url.includes('/member/invite'))).toBe(false);
  });

  it('says the organization exists but the invitation failed, with the reason', async () => {
    inviteAnswer = { status: 409, body: { message: 'Conflict', errors: { email: ['validate.error.member_email_taken'] } } };
    renderCreate();
    fill('organization-name', 'Fresh');
    fill('first-admin-email', 'taken@example.com');
    fill('first-admin-name', 'Tak');
    submit();
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'The organization was created, but the invitation was not sent',
        description: 'This e-mail already has an account; pick it under “Add a member” below',
      }),
    );
  });
});
