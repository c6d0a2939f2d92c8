import type { TokenPayload } from '@bo/shared/token';
import { STORAGE_KEYS, storage } from './storage.ts';

export type { TokenPayload };

export function decodeToken(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const b64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bin = atob(b64);
    const json = new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
    const p = JSON.parse(json) as TokenPayload;
    return typeof p?.exp === 'number' && p.data && typeof p.data === 'object' ? p : null;
  } catch {
    return null;
  }
}

/** Logged in only while the token's exp lies in the future (spec section 4). */
export const isLive = (p: TokenPayload | null, now = Date.now()): p is TokenPayload => !!p && p.exp * 1000 > now;

type Message = { type: 'set'; token: string } | { type: 'clean' };
export const TOKEN_CHANNEL = 'admin_token';

let token: string | null = null;
let payload: TokenPayload | null = null;
let channel: BroadcastChannel | null = null;
const listeners = new Set<() => void>();
let snapshot: { token: string | null; payload: TokenPayload | null } = { token, payload };

function emit() {
  snapshot = { token, payload };
  for (const l of [...listeners]) l();
}

export const getToken = () => token;
export const getPayload = () => payload;
export const getTokenSnapshot = () => snapshot;
export function subscribeToken(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Stores the token and, unless it came from another tab, tells the other tabs. */
export function setToken(next: string, opts: { broadcast?: boolean } = {}): void {
  const p = decodeToken(next);
  if (!isLive(p)) {
    clearToken(opts);
    return;
  }
  token = next;
  payload = p;
  storage.set(STORAGE_KEYS.token, next);
  if (opts.broadcast !== false) channel?.postMessage({ type: 'set', token: next } satisfies Message);
  emit();
}

export function clearToken(opts: { broadcast?: boolean } = {}): void {
  const had = token !== null;
  token = null;
  payload = null;
  storage.remove(STORAGE_KEYS.token);
  storage.remove(STORAGE_KEYS.tokenOrganization);
  if (opts.broadcast !== false) channel?.postMessage({ type: 'clean' } satisfies Message);
  if (had) emit();
}

/** Reads the stored token (dropping an expired one) and joins the cross-tab channel. */
export function initTokenStore(): void {
  const stored = storage.get(STORAGE_KEYS.token);
  const p = decodeToken(stored);
  if (stored && isLive(p)) {
    token = stored;
    payload = p;
  } else {
    token = null;
    payload = null;
    if (stored) storage.remove(STORAGE_KEYS.token);
  }
  snapshot = { token, payload };
  channel?.close();
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(TOKEN_CHANNEL) : null;
  if (channel) {
    channel.onmessage = (e: MessageEvent<Message>) => {
      // A receiving tab updates without re-broadcasting (spec section 4).
      if (e.data?.type === 'set') setToken(e.data.token, { broadcast: false });
      else if (e.data?.type === 'clean') clearToken({ broadcast: false });
    };
  }
}

/** For tests: forget everything and close the channel. */
export function resetTokenStore(): void {
  channel?.close();
  channel = null;
  token = null;
  payload = null;
  snapshot = { token, payload };
  listeners.clear();
}
