import { useSyncExternalStore } from 'react';

/**
 * Whether the system asks for less motion (prefers-reduced-motion: reduce). Dialogs, drawers and
 * menus then open without their zoom and slide; the stylesheet does the same for the app's own
 * transitions.
 */
const query = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null);

function subscribe(onChange: () => void) {
  const mq = query();
  mq?.addEventListener?.('change', onChange);
  return () => mq?.removeEventListener?.('change', onChange);
}

const reduced = () => query()?.matches ?? false;

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}
