import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LOG_VIEWER_PATH } from '../../lib/admin-session.ts';
import i18n from '../../i18n/index.ts';
import { api } from '../../lib/api-client.ts';
import CreateAdminSessionPage from './create-admin-session-page.tsx';

const renderWith = (path: string) =>
  render(
    <MemoryRouter initialEntries={[`/admin/create-admin-session?path=${encodeURIComponent(path)}`]}>
      <Routes>
        <Route path="/admin/create-admin-session" element={<CreateAdminSessionPage />} />
        <Route path="*" element={<div>elsewhere</div>} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('create-admin-session', () => {
  it.each([
    '/api/admin/file/12/download',
    '/api/admin/photo/3/original.html',
    '/api/admin/debug/logs/download?file=x',
    '//evil.example',
    'https://evil.example',
  ])('refuses %s without going there or fetching it', async (path) => {
    const download = vi.spyOn(api, 'download');
    renderWith(path);
    expect(await screen.findByText('This path cannot be opened')).toBeTruthy();
    expect(screen.queryByText('elsewhere')).toBeNull();
    expect(download).not.toHaveBeenCalled();
  });

  it('opens the log viewer screen, and any app screen, through the router', async () => {
    renderWith(`${LOG_VIEWER_PATH}?file=server-2026-01-01.log`);
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    cleanup();
    renderWith('/admin/profile');
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });
});
