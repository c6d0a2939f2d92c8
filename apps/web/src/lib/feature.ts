import type { ComponentType } from 'react';
import { isFeatureOn, type FeatureFlag, type FlagSource } from '@bo/shared/feature-flags';

/**
 * A web feature declares itself once (features/<name>/<name>.feature.ts): its routes with their
 * screens, roles and titles, its menu entries and the overview cards it contributes. app/features.ts
 * lists the descriptors; the route table, the screens, the titles and the menu are built from that list.
 */

/** A text in both languages of the app (zh-TW first, the default). */
export interface Texts {
  'zh-TW': string;
  'en-US': string;
}

/** Feature flags of the application config that can switch a route or a menu entry off (`modules.video`…). */
export type { FeatureFlag };

/** The application config's flags, as far as routes and menu entries care. */
export type FeatureFlags = FlagSource;

/** A route or entry without a flag is always on; one with a flag only while the config sets it. */
export const flagOn = (flag: FeatureFlag | undefined, flags: FeatureFlags): boolean => !flag || isFeatureOn(flags, flag);

/** Icons the admin menu knows (app/layouts/admin-layout.tsx maps them; icons stay out of the first chunk). */
export type MenuIcon = 'dashboard' | 'bug' | 'key' | 'folder' | 'bank' | 'team' | 'safety' | 'picture' | 'global';

/** A screen module: a default export taking no props, loaded as its own chunk. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** The route meta a screen reads with `useRouteMeta()` (lib/route-meta.ts). */
export interface AppRoute {
  /** Identity, component key and title key (`route.<name>`). */
  name: string;
  path: string;
  layout: 'default' | 'admin';
  /** Any of these roles opens it (spec section 6); none: every signed-in admin. */
  roles: readonly string[];
  mode?: 'create' | 'update';
  /** Public routes need no sign-in and use the default layout. */
  public?: boolean;
  flag?: FeatureFlag;
}

export interface FeatureRoute extends Omit<AppRoute, 'layout'> {
  title: Texts;
  /** The screen, or 'placeholder' for a spec screen not built yet ("coming soon" with its title). */
  screen: ScreenLoader | 'placeholder';
}

export interface MenuItem {
  key: string;
  icon?: MenuIcon;
  /** The route the entry opens (its title is the entry's label). */
  route?: string;
  /** Menu rules differ from route rules for debug and photo (spec section 6). */
  roles: readonly string[];
  flag?: FeatureFlag;
  /** Opens in a new tab through create-admin-session?path=… */
  externalPath?: string;
  /** A group's label (entries with a route show the route's title). */
  label?: Texts;
  children?: MenuItem[];
}

/** A menu entry of a feature: at the top level (`order`) or inside a group (`group`, ordered by `order` there). */
export interface FeatureMenuEntry extends Omit<MenuItem, 'children' | 'label'> {
  order: number;
  group?: string;
}

/** A group of the menu that entries of several features can join. */
export interface MenuGroup extends Omit<MenuItem, 'route' | 'children' | 'externalPath'> {
  label: Texts;
  order: number;
}

/** A card a feature puts on the overview screen, loaded only for those who hold `roles`. */
export interface OverviewCard {
  key: string;
  roles: readonly string[];
  /** Shown only while an organization is active. */
  needsOrganization?: boolean;
  card: ScreenLoader;
}

export interface FeatureDescriptor {
  name: string;
  routes: FeatureRoute[];
  menu?: FeatureMenuEntry[];
  menuGroups?: MenuGroup[];
  overviewCards?: OverviewCard[];
}

/** '/admin' or '/admin/<path>'. */
export const adminPath = (path = ''): string => (path ? `/admin/${path}` : '/admin');
