import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachToastSink, type ToastType } from '../lib/toast.ts';
import { getSettings } from '../lib/settings.ts';
import { resetSessionManager } from '../lib/session.ts';
import { resetTokenStore } from '../lib/token-store.ts';
import { boot, SETTINGS_FAIL_NOTICE_MS } from './boot.ts';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadForChunkError } from './error-boundary.tsx';

let toasts: Array<{ type: ToastType; title: unknown }>;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetTokenStore();
  resetSessionManager();
  toasts = [];
  attachToastSink({ open: (type, o) => toasts.push({ type, title: o.title }), destroy: () => {} });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  attachToastSink(null);
  resetSessionManager();
});

describe('start-up', () => {
  it('sets the load-failed flag and shows the server-failure notice 500 ms after the settings call fails', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Internal Server Error"}', { status: 500 })),
    );
    expect(await boot()).toBe('ready');
    expect(getSettings()).toMatchObject({ loadFailed: true, unreachable: false });
    await vi.advanceTimersByTimeAsync(SETTINGS_FAIL_NOTICE_MS - 1);
    expect(toasts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(toasts).toEqual([{ type: 'error', title: '無法連線至伺服器' }]);
  });

  it('answers unreachable, without the app or its notice, when the first API call gets no answer at all', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await boot()).toBe('unreachable');
    expect(getSettings().unreachable).toBe(true);
    await vi.advanceTimersByTimeAsync(SETTINGS_FAIL_NOTICE_MS);
    expect(toasts).toHaveLength(0);
  });

  it('loads the settings and their config when the call succeeds', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              recaptcha: { client: 'site-key' },
              config: { title: 'T', adminGroup: true },
              api_version: 'v1.0.0',
            }),
            { status: 200 },
          ),
      ),
    );
    await boot();
    const s = getSettings();
    expect(s.loadFailed).toBe(false);
    expect(s.settings.recaptcha.client).toBe('site-key');
    expect(s.settings.config.title).toBe('T');
    expect(s.settings.config.adminGroup).toBe(true);
    expect(s.settings.config.startYear).toBe(2024);
  });

  it('asks for the organizations beside the settings when a session is stored, not after their answer', async () => {
    const b64url = (v: object) => btoa(JSON.stringify(v)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const payload = { exp: Math.floor(Date.now() / 1000) + 3600, type: 'admin', data: { id: 1, email: 'a@example.com' } };
    localStorage.setItem('admin_token', `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`);
    let answerSettings: (r: Response) => void = () => {};
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(new URL(url, location.origin).pathname);
        if (url.includes('/api/settings')) return new Promise<Response>((r) => (answerSettings = r));
        return new Response(JSON.stringify({ organizations: [] }), { status: 200 });
      }),
    );
    const booted = boot();
    await vi.waitFor(() => expect(asked).toContain('/api/admin/account/organizations'));
    expect([...asked].sort()).toEqual(['/api/admin/account/organizations', '/api/settings']);
    answerSettings(new Response(JSON.stringify({ recaptcha: { client: null }, config: {}, api_version: 'v1' }), { status: 200 }));
    expect(await booted).toBe('ready');
    expect(asked.filter((p) => p === '/api/admin/account/organizations')).toHaveLength(1);
  });

  it('turns client debug mode on with app_debug=1 and off with any other value', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    window.history.replaceState(null, '', '/?app_debug=1');
    await boot();
    expect(localStorage.getItem('app_debug')).toBe('1');
    window.history.replaceState(null, '', '/?app_debug=yes');
    await boot();
    expect(localStorage.getItem('app_debug')).toBeNull();
    window.history.replaceState(null, '', '/');
  });
});

describe('chunk-load errors', () => {
  it('recognises a failed dynamic import', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads once, then not again within 10 s', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const t0 = 1_000_000;
    expect(reloadForChunkError(t0)).toBe(true);
    expect(reloadForChunkError(t0 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForChunkError(t0 + CHUNK_RELOAD_GUARD_MS + 1)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
