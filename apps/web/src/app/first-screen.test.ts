import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import source from '../../public/first-screen.js?raw';

// The shell's script (public/first-screen.js) as index.html runs it, before any module.
const runScript = () => new Function(source)();
const CALLS = {
  admin: ['/api/settings', '/api/admin/account/profile'],
  overview: ['/api/admin/account/login-device'],
  fingerprintHeader: 'x-fingerprint',
};
const FILES = { admin: ['/assets/admin-1.js', '/assets/admin-1.css'], overview: ['/assets/login-devices-1.js'], calls: CALLS };
// As a JWT carries it: UTF-8 (a Chinese name), base64url without padding.
const b64url = (v: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(v))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const token = (exp: number) => `${b64url({ alg: 'HS256' })}.${b64url({ exp, data: { name: '王小明' } })}.sig`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const links = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link')].map((l) => `${l.rel}${l.as ? `:${l.as}` : ''} ${l.getAttribute('href')}`);

beforeEach(() => {
  const list = document.createElement('script');
  list.type = 'application/json';
  list.id = 'first-screen-files';
  list.textContent = JSON.stringify(FILES);
  document.head.appendChild(list);
  localStorage.clear();
});
afterEach(() => {
  for (const el of document.head.querySelectorAll('script, link')) el.remove();
  history.replaceState(null, '', '/');
  delete window.__boFirstScreenCalls;
  vi.unstubAllGlobals();
});

/** The browser's fetch, recording what the script asks (the server is not what is under test here). */
function recordFetch() {
  const asked: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      asked.push({ url, headers: init.headers as Record<string, string> });
      return Promise.resolve(new Response('{}'));
    }),
  );
  return asked;
}
const FINGERPRINT = 'browser-0123456789abcdef';

describe('the first signed-in screen’s files asked for before the app runs', () => {
  it('on /admin with a stored session: the layout’s and the overview’s, scripts as module preloads, CSS as style preloads', () => {
    localStorage.setItem('admin_token', token(inAnHour()));
    history.replaceState(null, '', '/admin');
    runScript();
    expect(links()).toEqual([
      'modulepreload /assets/admin-1.js',
      'preload:style /assets/admin-1.css',
      'modulepreload /assets/login-devices-1.js',
    ]);
    expect([...document.head.querySelectorAll('link')].every((l) => l.crossOrigin === '')).toBe(true);
  });

  it('on another admin screen: the layout’s only', () => {
    localStorage.setItem('admin_token', token(inAnHour()));
    history.replaceState(null, '', '/admin/staff');
    runScript();
    expect(links()).toEqual(['modulepreload /assets/admin-1.js', 'preload:style /assets/admin-1.css']);
  });

  it('none on the sign-in page, without a session, with an expired or a malformed one', () => {
    localStorage.setItem('admin_token', token(inAnHour()));
    runScript();
    expect(links()).toEqual([]);
    history.replaceState(null, '', '/admin');
    for (const stored of [null, token(Math.floor(Date.now() / 1000) - 60), 'not-a-token']) {
      if (stored === null) localStorage.removeItem('admin_token');
      else localStorage.setItem('admin_token', stored);
      runScript();
      expect(links(), String(stored)).toEqual([]);
    }
  });
});

describe('the first signed-in screen’s calls made before the app runs', () => {
  it('on /admin with a stored session: the layout’s and the overview’s GET calls, with the client’s headers, kept for the client', async () => {
    const stored = token(inAnHour());
    localStorage.setItem('admin_token', stored);
    localStorage.setItem('app_fingerprint', FINGERPRINT);
    history.replaceState(null, '', '/admin');
    const asked = recordFetch();
    runScript();
    expect(asked.map((a) => a.url)).toEqual(['/api/settings', '/api/admin/account/profile', '/api/admin/account/login-device']);
    for (const a of asked)
      expect(a.headers).toEqual({ accept: 'application/json', authorization: `Bearer ${stored}`, 'x-fingerprint': FINGERPRINT });
    const kept = window.__boFirstScreenCalls!;
    expect(Object.keys(kept)).toEqual(asked.map((a) => a.url));
    expect(kept['/api/settings']!.token).toBe(stored);
    expect(await (await kept['/api/settings']!.answer).text()).toBe('{}');
  });

  it('on another admin screen: the layout’s calls only', () => {
    localStorage.setItem('admin_token', token(inAnHour()));
    localStorage.setItem('app_fingerprint', FINGERPRINT);
    history.replaceState(null, '', '/admin/staff');
    const asked = recordFetch();
    runScript();
    expect(asked.map((a) => a.url)).toEqual(['/api/settings', '/api/admin/account/profile']);
  });

  it('none with an expired or a malformed session', () => {
    localStorage.setItem('app_fingerprint', FINGERPRINT);
    history.replaceState(null, '', '/admin');
    const asked = recordFetch();
    for (const stored of [token(Math.floor(Date.now() / 1000) - 60), 'not-a-token']) {
      localStorage.setItem('admin_token', stored);
      runScript();
    }
    expect(asked).toEqual([]);
    expect(window.__boFirstScreenCalls).toBeUndefined();
  });

  it('none without the browser’s id (the client makes its own then), on the sign-in page, or without a session', () => {
    const asked = recordFetch();
    localStorage.setItem('admin_token', token(inAnHour()));
    history.replaceState(null, '', '/admin');
    runScript();
    expect(asked).toEqual([]);
    expect(window.__boFirstScreenCalls).toBeUndefined();
    localStorage.setItem('app_fingerprint', FINGERPRINT);
    history.replaceState(null, '', '/');
    runScript();
    localStorage.removeItem('admin_token');
    history.replaceState(null, '', '/admin');
    runScript();
    expect(asked).toEqual([]);
  });

  it('a call that fails is no unhandled rejection', async () => {
    localStorage.setItem('admin_token', token(inAnHour()));
    localStorage.setItem('app_fingerprint', FINGERPRINT);
    history.replaceState(null, '', '/admin');
    const unhandled = vi.fn();
    window.addEventListener('unhandledrejection', unhandled);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('network'))),
    );
    runScript();
    await new Promise((r) => setTimeout(r, 10));
    window.removeEventListener('unhandledrejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
