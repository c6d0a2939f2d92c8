import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { FeatureDescriptor, ScreenLoader } from '../lib/feature.ts';

const placeholder: ScreenLoader = () => import('../components/placeholder-page.tsx');

/**
 * One lazy screen per route name, from the feature descriptors: each screen module stays its own
 * chunk. A page reads its route meta with `useRouteMeta()` and its parameters with `useParams()`.
 * Filled by `registerScreens`: the public features' at once (router.tsx), every feature's with the
 * admin screens (admin-routes.tsx).
 */
export const routeComponents: Record<string, LazyExoticComponent<ComponentType>> = {};

export function registerScreens(features: readonly FeatureDescriptor[]): void {
  for (const r of features.flatMap((f) => f.routes)) routeComponents[r.name] ??= lazy(r.screen === 'placeholder' ? placeholder : r.screen);
}
