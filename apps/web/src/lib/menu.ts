import { createContext, useContext, useMemo } from 'react';
import { can } from '@bo/shared/permissions';
import type { AppConfig } from '@bo/shared/app-config';
import type { FeatureFlag, MenuItem } from './feature.ts';
import { useSession } from './session.ts';
import { useAppConfig } from './settings.ts';

export type MenuFlags = Pick<AppConfig, FeatureFlag>;
export interface VisibleMenuItem extends MenuItem { path?: string; children?: VisibleMenuItem[] }

export const flagOn = (flag: FeatureFlag | undefined, flags: MenuFlags): boolean => !flag || flags[flag] === true;

/** The menu filtered by roles and feature flags; groups left empty disappear. */
export function filterMenu(held: readonly string[], flags: MenuFlags, menu: readonly VisibleMenuItem[]): VisibleMenuItem[] {
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

/** The whole admin menu, provided by the app (built from the feature descriptors). */
export const MenuContext = createContext<readonly VisibleMenuItem[]>([]);

/** The admin menu the signed-in admin sees (the overview's shortcuts, say). */
export function useVisibleMenu(): VisibleMenuItem[] {
  const menu = useContext(MenuContext);
  const { roles } = useSession();
  const config = useAppConfig();
  return useMemo(() => filterMenu(roles, config, menu), [roles, config, menu]);
}
