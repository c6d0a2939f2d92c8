import type { AppRoute, FeatureDescriptor, FeatureFlags, MenuItem } from '../lib/feature.ts';
import { filterMenu, type VisibleMenuItem } from '../lib/menu.ts';
import { FEATURES } from './features.ts';
import { ALL_ROUTES } from './route-table.ts';

export type { VisibleMenuItem };

/**
 * The admin menu of spec section 2 from the features' entries and groups: top-level items and
 * groups by `order`, a group's entries by their own `order`. Entries carry their route's path; an
 * entry takes its route's feature flag when it names none. Unknown routes and groups are refused
 * by features-check.ts (the tests), not here: the checks stay out of the first chunk.
 */
export function buildMenu(features: readonly FeatureDescriptor[], routes: readonly AppRoute[]): VisibleMenuItem[] {
  const byName = new Map(routes.map((r) => [r.name, r]));
  const groups = new Map(
    features.flatMap((f) => f.menuGroups ?? []).map((g) => [g.key, { ...g, entries: [] as { order: number; item: VisibleMenuItem }[] }]),
  );
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

// Built by the admin layout's chunk, not the sign-in one.
export const ADMIN_MENU: VisibleMenuItem[] = buildMenu(FEATURES, ALL_ROUTES);

/** Section 2's menu filtered by roles and feature flags; groups left empty disappear. */
export function visibleMenu(held: readonly string[], flags: FeatureFlags, menu: readonly MenuItem[] = ADMIN_MENU): VisibleMenuItem[] {
  return filterMenu(held, flags, menu);
}
