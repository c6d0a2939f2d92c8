// First: the page's CSP nonce reaches the style elements scripts create before any module renders.
import './app/csp.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/app.css';
import { languageReady } from './i18n/index.ts';
import { boot } from './app/boot.ts';
import { SHELL_EVENTS } from './app/shell-events.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, preloadAdminScreen } from './app/router.tsx';
import { getToken } from './lib/token-store.ts';
import { reloadForChunkError, serverReachable } from './app/error-boundary.tsx';

// A stale deployment's chunk is gone: reload once (guarded for 10 s), unless the server does not answer
// (an outage is not a new version; the screen's boundary says the server cannot be reached).
window.addEventListener('vite:preloadError', () => {
  void serverReachable().then((ok) => ok && reloadForChunkError());
});

const root = createRoot(document.getElementById('root')!);
// The remembered language's strings (English loads on demand) arrive while boot() asks the API.
const booted = boot().catch(() => 'ready' as const);
// boot() has read the stored session by now: an admin screen's chunks load beside its API calls.
const firstScreen =
  getToken() && window.location.pathname.startsWith('/admin')
    ? preloadAdminScreen(window.location.pathname).catch(() => undefined)
    : undefined;
void Promise.all([booted, languageReady.catch(() => undefined), firstScreen]).then(([state]) => {
  // The server does not answer: the shell's outage screen, not an app whose every call fails.
  if (state === 'unreachable') {
    window.dispatchEvent(new Event(SHELL_EVENTS.unreachable));
    return;
  }
  window.dispatchEvent(new Event(SHELL_EVENTS.booted));
  // A transition renders in slices that yield to the browser: on a slow phone the first render (Ant
  // Design computes its styles while rendering) is not one long task that holds input back. The boot
  // splash stays until React replaces the root's content with the first screen.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    );
  });
});

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      /* the app works without it */
    });
  });
}
