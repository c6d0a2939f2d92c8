import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import source from '../../public/first-screen.js?raw';

// The shell's script (public/first-screen.js) as index.html runs it, before any module.
const runScript = () => new Function(source)();
const FILES = { admin: ['/assets/admin-1.js', '/assets/admin-1.css'], overview: ['/assets/login-devices-1.js'] };
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
});

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
