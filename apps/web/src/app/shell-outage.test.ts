import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import source from '../../public/shell-outage.js?raw';
import { SHELL_EVENTS } from './shell-events.ts';

// The shell's script (public/shell-outage.js) as index.html runs it, before any module.
const runShell = () => new Function(source)();
const screen = () => document.querySelector('[data-testid="server-unreachable"]');

/** A resource error as the browser fires it: on the element, not bubbling, seen by capturing listeners. */
function failToLoad(tag: 'script' | 'link', url: string) {
  const el = document.createElement(tag);
  if (el instanceof HTMLScriptElement) el.src = url;
  else (el as HTMLLinkElement).href = url;
  document.head.appendChild(el);
  el.dispatchEvent(new Event('error'));
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"><div id="boot-splash"></div></div>';
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const el of document.head.querySelectorAll('script, link')) el.remove();
});

describe('the outage screen before the app boots', () => {
  it('replaces the blank splash with 無法連線至伺服器 when the app chunk fails to load', () => {
    runShell();
    expect(screen()).toBeNull();
    failToLoad('script', `${location.origin}/assets/index-AbC123.js`);
    expect(screen()?.querySelector('h1')?.textContent).toBe('無法連線至伺服器');
    expect(screen()?.getAttribute('role')).toBe('alert');
    expect(screen()?.querySelector('button')?.textContent).toBe('重新整理');
    expect(document.getElementById('boot-splash')).toBeNull();
  });

  it('shows it when the app reports that its first API call found no server, in the remembered language', () => {
    localStorage.setItem('app_language', 'en-US');
    runShell();
    window.dispatchEvent(new Event(SHELL_EVENTS.unreachable));
    expect(screen()?.getAttribute('lang')).toBe('en-US');
    expect(screen()?.querySelector('h1')?.textContent).toBe('Cannot reach the server');
  });

  it('reloads by itself once the server answers again', async () => {
    vi.useFakeTimers();
    let up = false;
    const fetchMock = vi.fn(async () => (up ? new Response('{}', { status: 200 }) : Promise.reject(new TypeError('offline'))));
    vi.stubGlobal('fetch', fetchMock);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, reload });
    runShell();
    window.dispatchEvent(new Event(SHELL_EVENTS.unreachable));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(fetchMock).toHaveBeenCalledWith('/api/health', { cache: 'no-store' });
    expect(reload).not.toHaveBeenCalled();
    up = true;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('leaves the page alone once the app has booted, and ignores other sites’ files', () => {
    runShell();
    failToLoad('script', 'https://www.google.com/recaptcha/api.js');
    expect(screen()).toBeNull();
    window.dispatchEvent(new Event(SHELL_EVENTS.booted));
    failToLoad('link', `${location.origin}/assets/staff-page-XyZ.js`);
    expect(screen()).toBeNull();
  });
});
