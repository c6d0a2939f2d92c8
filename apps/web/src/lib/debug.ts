import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from './storage.ts';

const listeners = new Set<() => void>();

/** Client debug mode (spec section 2): ?app_debug=1 turns it on, any other value off; kept in storage. */
export function applyDebugParam(search: string = location.search): boolean {
  const v = new URLSearchParams(search).get('app_debug');
  if (v !== null) {
    const before = isDebug();
    if (v === '1') storage.set(STORAGE_KEYS.appDebug, '1');
    else storage.remove(STORAGE_KEYS.appDebug);
    if (before !== isDebug()) for (const l of [...listeners]) l();
  }
  return isDebug();
}
export const isDebug = () => storage.get(STORAGE_KEYS.appDebug) === '1';
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
export const useDebug = () => useSyncExternalStore(subscribe, isDebug, isDebug);
