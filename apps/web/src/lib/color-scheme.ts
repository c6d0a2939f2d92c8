import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from './storage.ts';

/** What the user chose in the user menu: follow the system (prefers-color-scheme), or one of the two. */
export type ColorSchemePreference = 'system' | 'light' | 'dark';
export type ColorScheme = 'light' | 'dark';
export const COLOR_SCHEME_PREFERENCES: readonly ColorSchemePreference[] = ['system', 'light', 'dark'];

const isPreference = (v: unknown): v is ColorSchemePreference => (COLOR_SCHEME_PREFERENCES as readonly unknown[]).includes(v);
const query = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null);

let preference: ColorSchemePreference = (() => {
  const saved = storage.get(STORAGE_KEYS.colorScheme);
  return isPreference(saved) ? saved : 'system';
})();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

const systemScheme = (): ColorScheme => (query()?.matches ? 'dark' : 'light');
export const resolveColorScheme = (p: ColorSchemePreference): ColorScheme => (p === 'system' ? systemScheme() : p);

let snapshot = { preference, scheme: resolveColorScheme(preference) };
function refresh() {
  const next = { preference, scheme: resolveColorScheme(preference) };
  if (next.preference !== snapshot.preference || next.scheme !== snapshot.scheme) {
    snapshot = next;
    emit();
  }
}

function subscribe(l: () => void) {
  listeners.add(l);
  const mq = query();
  // The system setting can change while the app is open (an automatic evening switch).
  mq?.addEventListener?.('change', refresh);
  return () => {
    listeners.delete(l);
    mq?.removeEventListener?.('change', refresh);
  };
}

/** Remembers the choice (this browser) and applies it at once. */
export function setColorSchemePreference(p: ColorSchemePreference): void {
  preference = p;
  storage.set(STORAGE_KEYS.colorScheme, p);
  refresh();
}

/** The user's choice and the scheme in effect. */
export function useColorScheme(): { preference: ColorSchemePreference; scheme: ColorScheme } {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}
