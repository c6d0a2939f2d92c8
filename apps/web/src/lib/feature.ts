import type { ComponentType } from 'react';
import { isFeatureOn, type FeatureFlag, type FlagSource } from '@bo/shared/feature-flags';

/**
 * A web feature declares itself once (features/<name>/<name>.feature.ts): its routes with their
 * screens and roles, its menu entries and the overview cards it contributes. app/features.ts lists the
 * descriptors; the route table, the screens and the menu are built from that list. Texts are i18next
 * keys: a route's title is `route.<name>` and a menu group's label `menu.<key>` (i18n/zh-TW.ts and
 * en-US.ts for the public routes, i18n/admin-titles.ts for the others).
 */

/** An i18next key with its namespace, `<ns>:<path>` (e.g. `banner:columns.title`); the feature's i18n.ts holds both languages. */
export type TextKey = string;

/** Feature flags of the application config that can switch a route or a menu entry off (`modules.video`…). */
export type { FeatureFlag };

/** The application config's flags, as far as routes and menu entries care. */
export type FeatureFlags = FlagSource;

/** A route or entry without a flag is always on; one with a flag only while the config sets it. */
export const flagOn = (flag: FeatureFlag | undefined, flags: FeatureFlags): boolean => !flag || isFeatureOn(flags, flag);

/** Icons the admin menu knows (app/layouts/admin-layout.tsx maps them; icons stay out of the first chunk). */
export type MenuIcon = 'dashboard' | 'bug' | 'key' | 'folder' | 'bank' | 'team' | 'safety' | 'picture' | 'global' | 'mail';

/** A screen module: a default export taking no props, loaded as its own chunk. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** The route meta a screen reads with `useRouteMeta()` (lib/route-meta.ts). */
export interface AppRoute {
  /** Identity, component key and title key (`route.<name>` in the shell's namespace). */
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
  /** The screen, or 'placeholder' for a spec screen not built yet ("coming soon" with its title). */
  screen: ScreenLoader | 'placeholder';
}

export interface MenuItem {
  key: string;
  icon?: MenuIcon;
  /** The route the entry opens (its title is the entry's label; a group's label is `menu.<key>`). */
  route?: string;
  /** Menu rules differ from route rules for debug and photo (spec section 6). */
  roles: readonly string[];
  flag?: FeatureFlag;
  /** Opens in a new tab through create-admin-session?path=… */
  externalPath?: string;
  children?: MenuItem[];
}

/** A menu entry of a feature: at the top level (`order`) or inside a group (`group`, ordered by `order` there). */
export interface FeatureMenuEntry extends Omit<MenuItem, 'children'> {
  order: number;
  group?: string;
}

/** A group of the menu that entries of several features can join. */
export interface MenuGroup extends Omit<MenuItem, 'route' | 'children' | 'externalPath'> {
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

/**
 * A section a feature adds to another feature's record form (issue 38: a staff member's evidence on the
 * staff form), loaded only for those who hold `roles`: the form renders <RecordSections target="…" />.
 */
export interface RecordSection {
  key: string;
  /** The record's kind (an audit target type: `staff`). */
  target: string;
  roles: readonly string[];
  order: number;
  section: () => Promise<{ default: ComponentType<RecordSectionProps> }>;
}

/** What a record section is given: the record as its form read it (with its version) and whether the admin may write it. */
export interface RecordSectionProps {
  record: { id: number; version?: number } & Record<string, unknown>;
  canWrite: boolean;
}

export interface FeatureDescriptor {
  name: string;
  routes: FeatureRoute[];
  menu?: FeatureMenuEntry[];
  menuGroups?: MenuGroup[];
  overviewCards?: OverviewCard[];
  recordSections?: RecordSection[];
}

/** '/admin' or '/admin/<path>'. */
export const adminPath = (path = ''): string => (path ? `/admin/${path}` : '/admin');

type Roles = readonly string[];

/**
 * A list screen and its create and update form under /admin/<path> (default the name): routes
 * `<name>.list`, `<name>.create` (only with `roles.create`) and `<name>.update`, each with its roles and
 * the feature's flag.
 */
export function listAndFormRoutes(
  name: string,
  d: {
    path?: string;
    roles: { list: Roles; create?: Roles; update: Roles };
    flag?: FeatureFlag;
    list: FeatureRoute['screen'];
    form: FeatureRoute['screen'];
  },
): FeatureRoute[] {
  const base = adminPath(d.path ?? name);
  const route = (suffix: string, path: string, roles: Roles, screen: FeatureRoute['screen'], mode?: AppRoute['mode']): FeatureRoute => ({
    name: `${name}.${suffix}`,
    path: base + path,
    roles,
    flag: d.flag,
    screen,
    ...(mode ? { mode } : {}),
  });
  return [
    route('list', '', d.roles.list, d.list),
    ...(d.roles.create ? [route('create', '/create', d.roles.create, d.form, 'create')] : []),
    route('update', '/:target/update', d.roles.update, d.form, 'update'),
  ];
}

/**
 * A feature of one admin screen (`route.path` under /admin) and its menu entry, keyed by the feature's
 * name, asking the route's roles unless it names its own.
 */
export function screenFeature(d: {
  name: string;
  route: FeatureRoute;
  menu: Omit<FeatureMenuEntry, 'key' | 'route' | 'roles'> & { roles?: Roles };
}): FeatureDescriptor & { routes: FeatureRoute[]; menu: FeatureMenuEntry[] } {
  const route = { ...d.route, path: adminPath(d.route.path) };
  return { name: d.name, routes: [route], menu: [{ key: d.name, route: route.name, roles: route.roles, ...d.menu }] };
}
