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

const subscribe = (fn: () => void) => {
  window.addEventListener('resize', fn);
  return () => window.removeEventListener('resize', fn);
};
const snapshot = () => sizeClassOf(typeof window === 'undefined' ? undefined : window.innerWidth);

export function useDevice(): { size: SizeClass; mobile: boolean } {
  const size = useSyncExternalStore(subscribe, snapshot, () => 'lg' as SizeClass);
  return { size, mobile: isMobileSize(size) };
}
