import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenLoader } from '../lib/feature.ts';
import { FEATURES } from './features.ts';

const placeholder: ScreenLoader = () => import('../components/placeholder-page.tsx');

/**
 * One lazy screen per route name, from the feature descriptors: each screen module stays its own
 * chunk. A page reads its route meta with `useRouteMeta()` and its parameters with `useParams()`.
 */
export const routeComponents: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  FEATURES.flatMap((f) => f.routes).map((r) => [r.name, lazy(r.screen === 'placeholder' ? placeholder : r.screen)]),
);
