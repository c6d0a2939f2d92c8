import { useSyncExternalStore } from 'react';

/** Device size classes of spec section 4 (antd breakpoints); mobile is md and smaller. */
export type SizeClass = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl';
const BREAKPOINTS: Array<[SizeClass, number]> = [
  ['xxl', 1600],
  ['xl', 1200],
  ['lg', 992],
  ['md', 768],
  ['sm', 576],
  ['xs', 0],
];

export function sizeClassOf(width: number | undefined): SizeClass {
  if (width === undefined || !Number.isFinite(width) || width <= 0) return 'lg';
  return BREAKPOINTS.find(([, min]) => width >= min)![0];
}
export const isMobileSize = (s: SizeClass) => s === 'xs' || s === 'sm' || s === 'md';

// Reading window.innerWidth makes the browser lay the page out first: React reads the snapshot at every
// render and commit of every component using it, so the first screen paid for a layout each time (0.1 s on a
// slowed phone). It is read once, then again only after a resize (this listener runs before the hooks').
let current: SizeClass | undefined;
if (typeof window !== 'undefined')
  window.addEventListener('resize', () => {
    current = undefined;
  });
const subscribe = (fn: () => void) => {
  window.addEventListener('resize', fn);
  return () => window.removeEventListener('resize', fn);
};
const snapshot = () => (current ??= sizeClassOf(typeof window === 'undefined' ? undefined : window.innerWidth));

export function useDevice(): { size: SizeClass; mobile: boolean } {
  const size = useSyncExternalStore(subscribe, snapshot, () => 'lg' as SizeClass);
  return { size, mobile: isMobileSize(size) };
}
