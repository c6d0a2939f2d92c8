/** A GET call public/first-screen.js made before the app's code had arrived, for the session it found stored. */
interface EarlyCall {
  token: string;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    __boFirstScreenCalls?: Record<string, EarlyCall>;
  }
}

/** Past this, an answer fetched at the page's start is not handed out: it may no longer be what the server says. */
const FRESH_MS = 15_000;

/**
 * The answer public/first-screen.js already asked for at `url`, taken once: only for the token it was
 * asked with (a session renewed or changed since asks again) and only in the page's first seconds.
 */
export function takeFirstScreenAnswer(url: string, token: string | null): Promise<Response> | null {
  const calls = typeof window === 'undefined' ? undefined : window.__boFirstScreenCalls;
  const call = calls?.[url];
  if (!calls || !call) return null;
  delete calls[url];
  if (call.token !== token || performance.now() > FRESH_MS) return null;
  return call.answer;
}
