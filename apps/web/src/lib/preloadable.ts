import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type Preloadable<T extends ComponentType<any>> = LazyExoticComponent<T> & { preload(): Promise<unknown> };

/**
 * React.lazy whose module can be fetched before its first render. Once fetched, that first render does
 * not suspend (React reads a thenable that has already settled without waiting), so no fallback
 * flashes and nothing below it moves when the screen arrives: the first signed-in screen after a
 * reload paints once, whole.
 */
export function preloadable<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): Preloadable<T> {
  let loaded: { default: T } | null = null;
  let pending: Promise<{ default: T }> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => (loaded = m),
      (e: unknown) => {
        pending = null;
        throw e;
      },
    ));
  // biome-ignore lint/suspicious/noThenProperty: a thenable that has settled is what lets React render without suspending
  const settled = (m: { default: T }) => ({ then: (resolve: (v: { default: T }) => void) => resolve(m) }) as Promise<{ default: T }>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload())),
    { preload },
  );
}
