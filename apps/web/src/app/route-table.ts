import { can } from '@bo/shared/permissions';
import { flagOn, type AppRoute, type FeatureDescriptor, type FeatureFlags, type FeatureRoute } from '../lib/feature.ts';
import { FEATURES } from './features.ts';

const toAppRoute = ({ title: _title, screen: _screen, ...route }: FeatureRoute): AppRoute => ({
  ...route,
  layout: route.public ? 'default' : 'admin',
});

/** Every route of every feature (features-check.ts, run by the tests, refuses a name or path declared twice). */
export const buildRoutes = (features: readonly FeatureDescriptor[]): AppRoute[] => features.flatMap((f) => f.routes.map(toAppRoute));

export const ALL_ROUTES: AppRoute[] = buildRoutes(FEATURES);
export const PUBLIC_ROUTES = ALL_ROUTES.filter((r) => r.public);
export const ADMIN_ROUTES = ALL_ROUTES.filter((r) => !r.public);

/** Routes the router knows: a route whose feature flag is off does not exist (so it is a 404). */
export function routerRoutes(flags: FeatureFlags): { publicRoutes: AppRoute[]; adminRoutes: AppRoute[] } {
  return { publicRoutes: PUBLIC_ROUTES, adminRoutes: ADMIN_ROUTES.filter((r) => flagOn(r.flag, flags)) };
}

/** Whether the roles held may open the route (spec section 6). */
export const canOpen = (route: AppRoute, held: readonly string[]): boolean => !!route.public || can(held, route.roles);
