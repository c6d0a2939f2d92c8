import { STORAGE_KEYS, storage } from './storage.ts';

let cached: string | null = null;

/** A stable per-browser id sent as X-Fingerprint on every call (spec section 7). */
export function fingerprint(): string {
  if (cached) return cached;
  let id = storage.get(STORAGE_KEYS.fingerprint);
  if (!id || id.length < 16) {
    id =
      globalThis.crypto?.randomUUID?.() ??
      `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
    storage.set(STORAGE_KEYS.fingerprint, id);
  }
  cached = id;
  return id;
}

/** What belongs to the browser, not to the signed-in session: its id, the language and the colour scheme chosen on it. */
const BROWSER_SETTINGS = [STORAGE_KEYS.language, STORAGE_KEYS.colorScheme] as const;

/**
 * Runs a logout and writes the browser's own settings back after it: the logout's answer
 * (Clear-Site-Data "storage") wipes localStorage, but the browser stays the same browser for the
 * server (its login device, the lockout's known browser) and keeps the language and scheme it chose.
 */
export async function keepingBrowserSettings<T>(logout: () => Promise<T>): Promise<T> {
  const saved = [[STORAGE_KEYS.fingerprint, fingerprint()], ...BROWSER_SETTINGS.map((key) => [key, storage.get(key)] as const)];
  try {
    return await logout();
  } finally {
    for (const [key, value] of saved) if (value !== null) storage.set(key, value);
  }
}
