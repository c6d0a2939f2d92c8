import { Component, Suspense, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';

import { themedLazy } from './themed.tsx';

const ErrorScreen = themedLazy(() => import('../components/error-screen.tsx').then((m) => m.ErrorScreen));
import { ApiError } from '../lib/api-client.ts';
import i18n from '../i18n/index.ts';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk [\w-]+ failed|Unable to preload CSS/i;
const RELOAD_KEY = 'chunk_reload_at';
/** Spec section 8: an unknown chunk-load error reloads the page, guarded for 10 s. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

export const isChunkLoadError = (e: unknown): boolean => e instanceof Error && CHUNK_ERROR.test(`${e.name} ${e.message}`);

/** Reloads once per guard window; false when a reload happened less than 10 s ago. */
export function reloadForChunkError(now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  } catch {
    /* no session storage */
  }
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    sessionStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    /* ignore */
  }
  location.reload();
  return true;
}

/**
 * A screen's code could not be loaded (a deployment replaced it) and the guarded reload already
 * happened: a translated message and a reload button, not the browser's "Failed to fetch
 * dynamically imported module". Plain markup: the error screen's own chunk may be gone too.
 */
export function ChunkErrorScreen() {
  return <PlainErrorScreen testId="chunk-error" title={i18n.t('error.chunkTitle')} content={i18n.t('error.chunkContent')} />;
}

/** The server does not answer (an outage, no network): said once, with a reload for when it is back. */
export function ServerUnreachableScreen() {
  return (
    <PlainErrorScreen testId="server-unreachable" title={i18n.t('error.serverFailTitle')} content={i18n.t('error.unreachableContent')} />
  );
}

function PlainErrorScreen({ testId, title, content }: { testId: string; title: string; content: string }) {
  return (
    <div className="chunk-error" role="alert" data-testid={testId}>
      <h1 className="chunk-error-title">{title}</h1>
      <p className="chunk-error-content">{content}</p>
      <button type="button" className="chunk-error-reload" onClick={() => location.reload()}>
        {i18n.t('error.reload')}
      </button>
    </div>
  );
}

/** Whether the server answers now: a chunk that failed to load while it does not is an outage, not a new version. */
export async function serverReachable(): Promise<boolean> {
  try {
    return (await fetch('/api/health', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * A screen's code did not load. The server answers: a new version (the guarded reload, then
 * ChunkErrorScreen). It does not: ServerUnreachableScreen, and no reload (it would show the
 * browser's own error page).
 */
export function ChunkFailure() {
  const [reachable, setReachable] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void serverReachable().then((ok) => {
      if (!live) return;
      if (ok) reloadForChunkError();
      setReachable(ok);
    });
    return () => {
      live = false;
    };
  }, []);
  if (reachable === null) return null;
  return reachable ? <ChunkErrorScreen /> : <ServerUnreachableScreen />;
}

interface State {
  error: unknown;
}

/** Fatal or unhandled errors of a screen: the error screen inside the route's layout. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) return <ChunkFailure />;
    const statusCode = error instanceof ApiError ? error.status : 500;
    const message =
      error instanceof ApiError
        ? i18n.t(`server.${error.message}`, { defaultValue: error.message })
        : error instanceof Error
          ? error.message
          : i18n.t('error.unknown');
    return (
      <Suspense fallback={null}>
        <ErrorScreen statusCode={statusCode} message={message} stack={error instanceof Error ? error.stack : undefined} />
      </Suspense>
    );
  }
}
