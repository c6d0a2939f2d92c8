import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
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

let download: ReturnType<typeof vi.spyOn>;
let opened: Blob[];
beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  opened = [];
  download = vi
    .spyOn(api, 'download')
    .mockResolvedValue({ blob: new Blob(['<script>alert(1)</script>'], { type: 'text/html' }), filename: 'x' });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((b: Blob) => {
        opened.push(b);
        return 'blob:nowhere';
      }),
    }),
  );
  // jsdom cannot navigate to the blob URL; keep its "not implemented" report out of the output.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('create-admin-session', () => {
  it.each([
    '/api/admin/file/12/download',
    '/api/admin/photo/3/original.html',
    `${LOG_VIEWER_PATH}/../../file/12/download`,
    `${LOG_VIEWER_PATH}/extra`,
    `${LOG_VIEWER_PATH}#x`,
  ])('refuses the API path %s without fetching it', async (path) => {
    renderWith(path);
    expect(await screen.findByText('This path cannot be opened')).toBeTruthy();
    expect(download).not.toHaveBeenCalled();
    expect(opened).toEqual([]);
  });

  it('opens the log viewer as plain text, so its content can never run', async () => {
    renderWith(`${LOG_VIEWER_PATH}?lines=100`);
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(download).toHaveBeenCalledWith(`${LOG_VIEWER_PATH}?lines=100`, undefined, { method: 'GET' });
    expect(opened[0].type).toBe('text/plain;charset=utf-8');
    const text = await new Promise<string>((resolve) => {
      const r = new FileReader();
      r.onload = () => resolve(String(r.result));
      r.readAsText(opened[0]);
    });
    expect(text).toBe('<script>alert(1)</script>');
  });

  it('opens an app screen through the router', async () => {
    renderWith('/admin/profile');
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    expect(download).not.toHaveBeenCalled();
  });
});
