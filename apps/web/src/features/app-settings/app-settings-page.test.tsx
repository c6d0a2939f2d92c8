import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import AntApp from 'antd/es/app';
import { APP_CONFIG_DEFAULTS } from '@bo/shared/app-config-defaults';
import { makeToken } from '../../test/tokens.ts';
import { queryClient } from '../../lib/query-client.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import AppSettingsPage from './app-settings-page.tsx';

beforeEach(() => {
  localStorage.clear();
  resetTokenStore();
  queryClient.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (b: unknown) => new Response(JSON.stringify(b), { status: 200 });
      if (url.startsWith('/api/admin/app-config/app/history')) return json({ data: [] });
      if (url.startsWith('/api/admin/app-config/app')) return json({ config: APP_CONFIG_DEFAULTS, updated_at: null });
      return json({ data: [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTokenStore();
});

const open = (roles: string[]) => {
  setToken(makeToken({ roles }));
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <MemoryRouter>
          <AppSettingsPage />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
};

describe('系統設定: the back office name card', () => {
  it('is called 後台名稱 and shows a super admin no developer link or version', async () => {
    open(['ROLE_SUPER_ADMIN']);
    const card = await screen.findByTestId('back-office-card');
    expect(card.textContent).toContain('後台名稱');
    expect(card.textContent).toContain('後台標題');
    expect(card.textContent).not.toContain('網站');
    expect(document.querySelector('#developerUrl')).toBeNull();
    expect(document.querySelector('#version')).toBeNull();
  });

  it('shows the developer link and the version to the maintainer', async () => {
    open(['ROLE_MAINTAINER']);
    await screen.findByTestId('back-office-card');
    expect(document.querySelector('#developerUrl')).not.toBeNull();
    expect(document.querySelector('#version')).not.toBeNull();
  });

  it("has the History button of the config's changes (GET /api/admin/history/app_config/app)", async () => {
    open(['ROLE_SUPER_ADMIN']);
    expect(await screen.findByTestId('history-open')).toBeTruthy();
  });
});
