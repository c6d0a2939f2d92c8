import { can } from '@bo/shared/permissions';
import { flagOn, type FeatureFlags, type MenuItem } from './feature.ts';

export interface VisibleMenuItem extends MenuItem {
  path?: string;
  children?: VisibleMenuItem[];
}

/** The menu filtered by roles and feature flags; groups left empty disappear. */
export function filterMenu(held: readonly string[], flags: FeatureFlags, menu: readonly VisibleMenuItem[]): VisibleMenuItem[] {
  const out: VisibleMenuItem[] = [];
  for (const item of menu) {
    if (!flagOn(item.flag, flags) || !can(held, item.roles)) continue;
    if (item.children) {
      const children = filterMenu(held, flags, item.children);
      if (children.length) out.push({ ...item, children });
    } else out.push(item);
  }
  return out;
}
