import { flagOn, type AppRoute, type FeatureFlags } from '../lib/feature.ts';
import { FEATURES } from './features.ts';
import { buildRoutes } from './route-rules.ts';

export { buildRoutes, canOpen } from './route-rules.ts';

export const ALL_ROUTES: AppRoute[] = buildRoutes(FEATURES);
export const PUBLIC_ROUTES = ALL_ROUTES.filter((r) => r.public);
export const ADMIN_ROUTES = ALL_ROUTES.filter((r) => !r.public);

/** Routes the router knows: a route whose feature flag is off does not exist (so it is a 404). */
export function routerRoutes(flags: FeatureFlags): { publicRoutes: AppRoute[]; adminRoutes: AppRoute[] } {
  return { publicRoutes: PUBLIC_ROUTES, adminRoutes: ADMIN_ROUTES.filter((r) => flagOn(r.flag, flags)) };
}
