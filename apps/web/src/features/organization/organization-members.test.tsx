import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import AntApp from 'antd/es/app';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { resetOrganizations, setOrganizationState } from '../../lib/organization-store.ts';
import { setLanguage } from '../../i18n/index.ts';
import { OrganizationMembers } from './organization-members.tsx';

type Call = { url: string; method: string; body?: Record<string, unknown> };
let calls: Call[];
const member = (admin_id: number, name: string, roles: string[], changed = true) => ({
  admin_id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  status: 'active',
  has_change_default_password: changed,
  sub_account_roles: roles,
  joined_at: '2026-11-01T00:00:00Z',
});

beforeEach(async () => {
  await setLanguage('en-US');
  localStorage.clear();
  resetTokenStore();
  queryClient.clear();
  calls = [];
  setToken(makeToken({ id: 5, roles: [], subRoles: ['SUB_ACCOUNT_ROLE_ADMIN'] }));
  setOrganizationState(
    [{ id: 3, uid: 'a', name: 'North', company_id: null, status: 'active', sub_account_roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }],
    3,
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method: init.method ?? 'GET', body });
      const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status });
      if (url.startsWith('/api/admin/organization/member/index')) {
        return json({
          data: [
            member(1, 'Ann', ['SUB_ACCOUNT_ROLE_ADMIN']),
            member(7, 'Ben', ['SUB_ACCOUNT_ROLE_STAFF_READ'], false),
            {
              ...member(11, 'Dee', []),
              invitation: {
                state: 'expired',
                sent_at: '2026-11-01T02:00:00Z',
                expires_at: '2026-11-04T02:00:00Z',
                sent_by: 'Ann',
                mail_status: 'pending',
              },
            },
          ],
          meta: { page: 1, per_page: 100, total: 3, last_page: 1 },
        });
      }
      if (url === '/api/admin/organization/member/invite')
        return json({
          member: member(9, 'Cy', body.sub_account_roles, false),
          invitation: { sent_to: 'cy@example.com', delivery: 'smtp' },
        });
      if (url === '/api/admin/organization/member/11/invitation')
        return json({
          sent_to: 'dee@example.com',
          delivery: 'outbox',
          handover: { link: 'http://localhost/send-reset-password-email?token=abc', expires_at: '2026-11-30T02:00:00Z' },
        });
      if (url === '/api/admin/organization/member')
        return json({ message: 'Conflict', errors: { email: ['validate.error.member_already'] } }, 409);
      return json({ message: 'OK' });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
  resetOrganizations();
  await setLanguage('zh-TW');
});

const renderCard = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AntApp>
          <OrganizationMembers organizationId={3} />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('organization members (issue 14.2)', { timeout: 30_000 }, () => {
  it('lists members with their roles and who still has an initial password', async () => {
    renderCard();
    const table = await screen.findByTestId('member-table');
    await within(table).findByText('Ben');
    expect(within(table).getByText('Password not set yet')).toBeTruthy();
    expect(within(table).getByText('Staff reader')).toBeTruthy();
  });

  it('invites a colleague in the active organization and says where the invitation went', async () => {
    renderCard();
    await screen.findByText('Ben');
    fireEvent.click(screen.getByTestId('member-invite'));
    fireEvent.change(await screen.findByTestId('member-email'), { target: { value: 'cy@example.com' } });
    fireEvent.change(screen.getByTestId('member-name'), { target: { value: 'Cy' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Invite member' }).at(-1)!);
    expect((await screen.findByTestId('password-mail-notice')).textContent).toContain('cy@example.com');
    const invite = calls.find((c) => c.url === '/api/admin/organization/member/invite')!;
    expect(invite.body).toEqual({
      email: 'cy@example.com',
      name: 'Cy',
      sub_account_roles: ['SUB_ACCOUNT_ROLE_STAFF_READ'],
      organization_id: 3,
    });
  });

  it("puts the server's refusal on the e-mail field when adding an existing member again", async () => {
    renderCard();
    await screen.findByText('Ben');
    fireEvent.click(screen.getByTestId('member-add'));
    fireEvent.change(await screen.findByTestId('member-email'), { target: { value: 'ben@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/organization/member' && c.method === 'POST')).toBe(true), {
      timeout: 10_000,
    });
    expect(await screen.findByText('This account is already a member of the organization', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows an expired invitation and hands over a fresh link when mail cannot go out (issue 26)', async () => {
    renderCard();
    const state = await screen.findByTestId('invitation-state');
    expect(state.dataset.state).toBe('expired');
    expect(state.textContent).toContain('Invitation expired');
    expect(state.textContent).toContain('by Ann');
    expect(state.textContent).toContain('mail waiting in the outbox');
    fireEvent.click(screen.getByRole('button', { name: 'Invite Dee again' }));
    const notice = await screen.findByTestId('password-mail-notice');
    expect(notice.dataset.delivery).toBe('outbox');
    expect(notice.textContent).toContain('No mail server is configured');
    expect(notice.textContent).toContain('2026-11-30 10:00');
    expect((screen.getByTestId('handover-link') as HTMLInputElement).value).toBe('http://localhost/send-reset-password-email?token=abc');
    expect(calls.some((c) => c.url === '/api/admin/organization/member/11/invitation' && c.method === 'POST')).toBe(true);
  });

  it('offers no way to remove oneself', async () => {
    renderCard();
    await screen.findByText('Ben');
    expect(screen.getByRole('button', { name: 'Remove Ben from the organization' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Ann from the organization' })).toBeNull());
  });
});
