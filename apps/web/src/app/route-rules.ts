import { can } from '@bo/shared/permissions';
import type { AppRoute, FeatureDescriptor, FeatureRoute } from '../lib/feature.ts';

// The route rules without the feature list: the router applies them to the public features at once and
// to every feature when the admin screens load (route-table.ts), so the sign-in route does not carry
// the admin descriptors.

const toAppRoute = ({ screen: _screen, ...route }: FeatureRoute): AppRoute => ({
  ...route,
  layout: route.public ? 'default' : 'admin',
});

/** Every route of every feature (features-check.ts, run by the tests, refuses a name or path declared twice). */
export const buildRoutes = (features: readonly FeatureDescriptor[]): AppRoute[] => features.flatMap((f) => f.routes.map(toAppRoute));

/** Whether the roles held may open the route (spec section 6). */
export const canOpen = (route: AppRoute, held: readonly string[]): boolean => !!route.public || can(held, route.roles);
