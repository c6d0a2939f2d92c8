import { can } from '@bo/shared/permissions';
import type { AppRoute, FeatureDescriptor, FeatureRoute, MenuItem } from '../lib/feature.ts';
import { filterMenu, flagOn, type MenuFlags, type VisibleMenuItem } from '../lib/menu.ts';
import { FEATURES } from './features.ts';

export type { VisibleMenuItem };
export { adminSessionUrl } from '../lib/safe-path.ts';

const toAppRoute = ({ title: _title, screen: _screen, ...route }: FeatureRoute): AppRoute =>
  ({ ...route, layout: route.public ? 'default' : 'admin' });

/** Every route of every feature (features-check.ts, run by the tests, refuses a name or path declared twice). */
export const buildRoutes = (features: readonly FeatureDescriptor[]): AppRoute[] => features.flatMap((f) => f.routes.map(toAppRoute));

/**
 * The admin menu of spec section 2 from the features' entries and groups: top-level items and
 * groups by `order`, a group's entries by their own `order`. Entries carry their route's path; an
 * entry takes its route's feature flag when it names none. Unknown routes and groups are refused
 * by features-check.ts (the tests), not here: the checks stay out of the first chunk.
 */
export function buildMenu(features: readonly FeatureDescriptor[], routes: readonly AppRoute[]): VisibleMenuItem[] {
  const byName = new Map(routes.map((r) => [r.name, r]));
  const groups = new Map(features.flatMap((f) => f.menuGroups ?? []).map((g) => [g.key, { ...g, entries: [] as { order: number; item: VisibleMenuItem }[] }]));
  const top: { order: number; item: VisibleMenuItem }[] = [];
  for (const { group, order, ...entry } of features.flatMap((f) => f.menu ?? [])) {
    const route = entry.route ? byName.get(entry.route) : undefined;
    const item: VisibleMenuItem = { ...entry, flag: entry.flag ?? route?.flag, path: route?.path };
    (group ? groups.get(group)!.entries : top).push({ order, item });
  }
  for (const { entries, order, ...group } of groups.values()) {
    top.push({ order, item: { ...group, children: entries.sort((a, b) => a.order - b.order).map((e) => e.item) } });
  }
  return top.sort((a, b) => a.order - b.order).map((e) => e.item);
}

export const ALL_ROUTES: AppRoute[] = buildRoutes(FEATURES);
export const PUBLIC_ROUTES = ALL_ROUTES.filter((r) => r.public);
export const ADMIN_ROUTES = ALL_ROUTES.filter((r) => !r.public);
export const ADMIN_MENU: VisibleMenuItem[] = buildMenu(FEATURES, ALL_ROUTES);

export const routeByName = (name: string): AppRoute | undefined => ALL_ROUTES.find((r) => r.name === name);

/** Routes the router knows: a route whose feature flag is off does not exist (so it is a 404). */
export function routerRoutes(flags: MenuFlags): { publicRoutes: AppRoute[]; adminRoutes: AppRoute[] } {
  return { publicRoutes: PUBLIC_ROUTES, adminRoutes: ADMIN_ROUTES.filter((r) => flagOn(r.flag, flags)) };
}

/** Whether the roles held may open the route (spec section 6). */
export const canOpen = (route: AppRoute, held: readonly string[]): boolean => !!route.public || can(held, route.roles);

/** Section 2's menu filtered by roles and feature flags; groups left empty disappear. */
export function visibleMenu(held: readonly string[], flags: MenuFlags, menu: readonly MenuItem[] = ADMIN_MENU): VisibleMenuItem[] {
  return filterMenu(held, flags, menu);
}
