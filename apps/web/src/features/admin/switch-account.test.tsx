import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import AntApp from 'antd/es/app';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { getToken, resetTokenStore, setToken } from '../../lib/token-store.ts';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { ORIGIN_TOKEN_KEY, switchToAccount } from './switch-account.ts';

type Call = { url: string; method: string; auth?: string };
let calls: Call[];
const original = makeToken({ id: 10, roles: ['ROLE_SUPER_ADMIN'] });
const acting = makeToken({ id: 11, roles: ['ROLE_BASE'] });

beforeEach(() => {
  localStorage.clear();
  resetTokenStore();
  queryClient.clear();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', auth: (init.headers as Record<string, string>)?.authorization });
      const json = (b: unknown) => new Response(JSON.stringify(b), { status: 200 });
      if (url.endsWith('/switch-account')) return json({ token: acting });
      if (url.startsWith('/api/admin/account/organizations')) return json({ organizations: [] });
      if (url.startsWith('/api/admin/account/profile')) {
        const asOther = (init.headers as Record<string, string>)?.authorization === `Bearer ${acting}`;
        return json({
          id: 2,
          name: 'Gamma',
          email: 'g@example.com',
          impersonator: asOther ? { id: 1, name: 'Boss', email: 'b@example.com' } : null,
        });
      }
      return json({ message: 'OK' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetTokenStore();
});

describe('switch account', () => {
  it('keeps the original token aside, shows who is acting, and goes back logging the acting device out', async () => {
    setToken(original);
    storage.set(STORAGE_KEYS.activeOrganization, '7');
    await switchToAccount(2);
    expect(getToken()).toBe(acting);
    expect(storage.get(ORIGIN_TOKEN_KEY)).toBe(original);
    expect(storage.get(STORAGE_KEYS.activeOriginOrganization)).toBe('7');

    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <AntApp>
            <ImpersonationBanner />
          </AntApp>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText(/Gamma/);
    fireEvent.click(screen.getByTestId('switch-back'));
    await waitFor(() => expect(getToken()).toBe(original));
    const logout = calls.find((c) => c.url === '/api/admin/account/logout');
    expect(logout?.auth).toBe(`Bearer ${acting}`);
    expect(storage.get(ORIGIN_TOKEN_KEY)).toBeNull();
    expect(storage.get(STORAGE_KEYS.activeOrganization)).toBe('7');
  });
});
