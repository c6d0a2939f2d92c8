import type { ComponentType } from 'react';
import type { FeatureDescriptor, ScreenLoader } from '../lib/feature.ts';
import { preloadable, type Preloadable } from '../lib/preloadable.ts';

const placeholder: ScreenLoader = () => import('../components/placeholder-page.tsx');

/**
 * One lazy screen per route name, from the feature descriptors: each screen module stays its own
 * chunk. A page reads its route meta with `useRouteMeta()` and its parameters with `useParams()`.
 * Filled by `registerScreens`: the public features' at once (router.tsx), every feature's with the
 * admin screens (admin-routes.tsx). `preload()` fetches a screen before its first render.
 */
export const routeComponents: Record<string, Preloadable<ComponentType>> = {};

export function registerScreens(features: readonly FeatureDescriptor[]): void {
  for (const r of features.flatMap((f) => f.routes))
    routeComponents[r.name] ??= preloadable(r.screen === 'placeholder' ? placeholder : r.screen);
}
