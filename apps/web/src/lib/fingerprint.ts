import { STORAGE_KEYS, storage } from './storage.ts';

let cached: string | null = null;

/** A stable per-browser id sent as X-Fingerprint on every call (spec section 7). */
export function fingerprint(): string {
  if (cached) return cached;
  let id = storage.get(STORAGE_KEYS.fingerprint);
  if (!id || id.length < 16) {
    id = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
    storage.set(STORAGE_KEYS.fingerprint, id);
  }
  cached = id;
  return id;
}

/**
 * Writes this browser's id back after a logout, whose answer (Clear-Site-Data "storage") wipes it:
 * the browser stays the same browser for the server (its login device, the lockout's known browser).
 */
export function keepFingerprint(): void {
  storage.set(STORAGE_KEYS.fingerprint, fingerprint());
}
