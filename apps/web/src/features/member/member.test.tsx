import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import AntApp from 'antd/es/app';
import type { ComponentType } from 'react';
import type { Member, MemberDevice } from '@bo/shared/schemas/member';
import { setLanguage } from '../../i18n/index.ts';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { RouteMetaContext } from '../../lib/route-meta.ts';
import { attachToastSink } from '../../lib/toast.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { memberFeature } from './member.feature.ts';

const member = (id: number, extra: Partial<Member> = {}): Member => ({
  id,
  email: `m${id}@example.com`,
  name: `Member ${id}`,
  status: 'active',
  email_verified_at: '2026-01-02T03:04:00.000Z',
  has_password: true,
  providers: [],
  last_sign_in_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...({ version: id + 10 } as object),
  ...extra,
});
const ROWS = [
  member(1, { providers: ['google', 'line'], has_password: false, last_sign_in_at: '2026-02-01T00:00:00.000Z' }),
  member(2, { email_verified_at: null, status: 'disabled' }),
];
const DEVICES: MemberDevice[] = [
  {
    id: 11,
    member_id: 1,
    user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    ip: '203.0.113.5',
    created_at: '2026-02-01T00:00:00.000Z',
    signed_in_at: '2026-02-01T00:00:00.000Z',
    session_expires_at: '2999-01-01T00:00:00.000Z',
    last_seen_at: '2026-02-02T00:00:00.000Z',
    revoked_at: null,
  },
  {
    id: 10,
    member_id: 1,
    user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    ip: '198.51.100.7',
    created_at: '2026-01-01T00:00:00.000Z',
    signed_in_at: '2026-01-01T00:00:00.000Z',
    session_expires_at: '2026-01-02T00:00:00.000Z',
    last_seen_at: '2026-01-01T10:00:00.000Z',
    revoked_at: '2026-01-01T11:00:00.000Z',
  },
];

let calls: { method: string; url: string; body: unknown }[];
const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });
const toasts: string[] = [];

const screens: Record<string, ComponentType> = {};
beforeAll(async () => {
  for (const r of memberFeature.routes) if (r.screen !== 'placeholder') screens[r.name] = (await r.screen()).default;
  attachToastSink({ open: (_type, o) => toasts.push(String(o.title)), destroy: () => {} });
});
beforeEach(async () => {
  await setLanguage('en-US');
  resetTokenStore();
  queryClient.clear();
  calls = [];
  toasts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/admin/member/index')) return json({ data: ROWS, meta: { page: 1, per_page: 20, total: 2, last_page: 1 } });
      if (url === '/api/admin/member/1/devices') return json({ data: DEVICES });
      if (url === '/api/admin/member/1/reset-password') return json({ sent: true, sent_to: 'm1@example.com' });
      if (/\/api\/admin\/member\/\d+$/.test(url) && method === 'GET') return json(ROWS.find((m) => m.id === Number(url.split('/').pop())));
      if (method === 'PATCH') return json({ data: [] });
      return json({ message: 'OK' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
});

const renderAt = (path: string, roles = ['ROLE_MEMBER']) => {
  setToken(makeToken({ roles }), { broadcast: false });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AntApp>
          <Routes>
            {memberFeature.routes.map((r) => {
              const Screen = screens[r.name]!;
              return (
                <Route
                  key={r.name}
                  path={r.path}
                  element={
                    <RouteMetaContext.Provider value={{ ...r, layout: 'admin' }}>
                      <Screen />
                    </RouteMetaContext.Provider>
                  }
                />
              );
            })}
            <Route path="/admin/audit-log" element={<p>audit log</p>} />
          </Routes>
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
};
const confirmDialog = async () => (await screen.findAllByRole('dialog')).at(-1)!;

describe('members in the back office', { timeout: 30_000 }, () => {
  it('declares a list and an update route for ROLE_MEMBER in the website group, no create', () => {
    expect(memberFeature.routes.map((r) => [r.name, r.path, r.flag])).toEqual([
      ['member.list', '/admin/member', 'modules.member'],
      ['member.update', '/admin/member/:target/update', 'modules.member'],
    ]);
    expect(memberFeature.menu).toMatchObject([
      { key: 'member', group: 'content', route: 'member.list', roles: ['ROLE_MEMBER', 'ROLE_SUPER_ADMIN'] },
    ]);
  });

  it('lists the members: status, verification, sign-in methods, password; filters go to the server; no create', async () => {
    renderAt('/admin/member?status=active&confirmed=false&provider=line&keyword=lin');
    const table = await screen.findByTestId('member-table');
    const first = (await within(table).findByText('m1@example.com')).closest('tr')!;
    expect(within(table).getByText('m1@example.com').closest('a')?.getAttribute('href')).toBe('/admin/member/1/update');
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(first).getByText('Google')).toBeTruthy();
    expect(within(first).getByText('LINE')).toBeTruthy();
    expect(within(first).getByText('Not set')).toBeTruthy();
    const second = within(table).getByText('m2@example.com').closest('tr')!;
    expect(within(second).getByText('Disabled')).toBeTruthy();
    expect(within(second).getByText('Unconfirmed')).toBeTruthy();
    expect(within(second).getByText('Email only')).toBeTruthy();
    expect(screen.queryByTestId('member-create')).toBeNull();
    const query = new URL(calls.find((c) => c.url.startsWith('/api/admin/member/index'))!.url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      status: 'active',
      confirmed: 'false',
      provider: 'line',
      keyword: 'lin',
      sort: 'created_at',
      order: 'desc',
    });
  });

  it('disables the selected members only after a confirmation naming them', async () => {
    renderAt('/admin/member');
    const table = await screen.findByTestId('member-table');
    const row = (await within(table).findByText('m1@example.com')).closest('tr')!;
    fireEvent.click(row.querySelector('.ant-checkbox-input')!);
    fireEvent.click(await screen.findByTestId('batch-disable'));
    const dialog = await confirmDialog();
    expect((await within(dialog).findAllByText('Disable 1 member(s)?')).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Member 1 <m1@example.com>')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
        { method: 'PATCH', url: '/api/admin/member/batch', body: { ids: [1], field: 'status', value: 'disabled', versions: { '1': 11 } } },
      ]),
    );
    fireEvent.click(row.querySelector('.ant-checkbox-input')!);
    fireEvent.click(await screen.findByTestId('batch-enable'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({
        ids: [1],
        field: 'status',
        value: 'active',
        versions: { '1': 11 },
      }),
    );
  });

  it('edits name and status with PUT; the update screen shows the account and its devices', async () => {
    renderAt('/admin/member/1/update');
    await waitFor(() => expect((screen.getByTestId('member-name') as HTMLInputElement).value).toBe('Member 1'));
    const detail = await screen.findByTestId('member-detail');
    const devices = await within(detail).findAllByTestId('member-device');
    expect(devices).toHaveLength(2);
    expect(within(devices[0]!).getByText('Chrome · Windows')).toBeTruthy();
    expect(within(devices[0]!).getByText('Active', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(devices[0]!).getByText('203.0.113.5')).toBeTruthy();
    expect(within(devices[1]!).getByText('Logged out', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(devices[1]!).queryByText('Log out')).toBeNull();
    // The audit log is a super admin's screen: no link for ROLE_MEMBER.
    expect(screen.queryByTestId('member-audit-link')).toBeNull();
    fireEvent.change(screen.getByTestId('member-name'), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', url: '/api/admin/member/1', body: { name: 'Renamed', status: 'active' } },
      ]),
    );
  });

  it('mails a reset link after a confirmation and names the address it went to', async () => {
    renderAt('/admin/member/1/update');
    fireEvent.click(await screen.findByTestId('member-reset-password'));
    const dialog = await confirmDialog();
    await within(dialog).findByText(/A link to set a new password goes to m1@example.com/);
    // The open form's edit lease (issue 36) is its own POST: only the reset counts here.
    const mailing = () => calls.filter((c) => c.method === 'POST' && !c.url.startsWith('/api/admin/edit-leases'));
    expect(mailing()).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('member-reset-ok'));
    await waitFor(() => expect(mailing().map((c) => c.url)).toEqual(['/api/admin/member/1/reset-password']));
    await waitFor(() => expect(toasts).toContain('Password reset mail sent to m1@example.com'));
  });

  it('logs a device out after a confirmation', async () => {
    renderAt('/admin/member/1/update', ['ROLE_SUPER_ADMIN']);
    fireEvent.click(await screen.findByTestId('member-device-logout-11'));
    const dialog = await confirmDialog();
    await within(dialog).findByText(/203\.0\.113\.5/);
    fireEvent.click(within(dialog).getByTestId('member-device-logout-ok'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE' && !c.url.startsWith('/api/admin/edit-leases')).map((c) => c.url)).toEqual([
        '/api/admin/member/1/devices/11',
      ]),
    );
    await waitFor(() => expect(toasts).toContain('Device logged out'));
    expect(screen.getByTestId('member-audit-link').getAttribute('href')).toBe('/admin/audit-log?target_type=member&target_id=1');
  });

  it('does not offer a reset mail to a disabled member', async () => {
    renderAt('/admin/member/2/update');
    const button = await screen.findByTestId('member-reset-password');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/The member is disabled/)).toBeTruthy();
  });
});
