import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { makeToken } from '../test/tokens.ts';
import { resetTokenStore, setToken } from '../lib/token-store.ts';
import { AppRoutes } from './router.tsx';

// Every screen is a marker naming its route, so the guard is tested apart from the pages.
vi.mock('./route-components.tsx', () => ({
  routeComponents: new Proxy({}, { get: (_t, name) => () => <div>{`screen:${String(name)}`}</div> }),
  registerScreens: () => {},
}));
import i18n from '../i18n/index.ts';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>;
}
function renderAt(path: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const where = () => screen.getByTestId('where').textContent;

beforeEach(async () => {
  await i18n.changeLanguage('zh-TW');
  localStorage.clear();
  resetTokenStore();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('route guard', { timeout: 40_000 }, () => {
  it('sends a signed-out visitor of an admin route to sign-in, remembering where to come back', async () => {
    renderAt('/admin/profile');
    await screen.findByText('screen:home', {}, { timeout: 15_000 });
    expect(where()).toBe('/?redirect=%2Fadmin%2Fprofile');
  });

  it('shows 403 for a route the user lacks the roles for', async () => {
    // The spec's wording is the en-US one (zh-TW translates it: components/error-screen.test.tsx).
    await i18n.changeLanguage('en-US');
    setToken(makeToken({ roles: [], subRoles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] }), { broadcast: false });
    renderAt('/admin/admin');
    expect(await screen.findByText('Whoops, Error 403', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('opens a route the roles allow', async () => {
    await i18n.changeLanguage('en-US');
    setToken(makeToken({ roles: [], subRoles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] }), { broadcast: false });
    renderAt('/admin/staff');
    expect(await screen.findByText('screen:staff.list', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('Whoops, Error 403')).toBeNull();
  });

  it('redirects unknown admin paths to /admin/404 and other paths to /404', async () => {
    setToken(makeToken(), { broadcast: false });
    renderAt('/admin/no-such-screen');
    expect(await screen.findByText('screen:admin-not-found', {}, { timeout: 15_000 })).toBeTruthy();
    expect(where()).toBe('/admin/404');
    cleanup();
    renderAt('/nowhere');
    expect(await screen.findByText('screen:not-found', {}, { timeout: 15_000 })).toBeTruthy();
    expect(where()).toBe('/404');
  });

  it('treats a feature-flagged route whose flag is off as not found', async () => {
    setToken(makeToken({ roles: ['ROLE_SUPER_ADMIN'] }), { broadcast: false });
    renderAt('/admin/admin-group');
    await screen.findByText('screen:admin-not-found', {}, { timeout: 15_000 });
    expect(where()).toBe('/admin/404');
  });

  it('sends an admin with the default password to reset-password', async () => {
    setToken(makeToken({ changed: false }), { broadcast: false });
    renderAt('/admin/profile');
    await screen.findByText('screen:reset-password', {}, { timeout: 15_000 });
    expect(where()).toBe('/admin/reset-password');
  });
});
