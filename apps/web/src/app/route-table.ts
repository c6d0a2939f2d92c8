import { can } from '@bo/shared/permissions';
import { ADMIN_MENU, ADMIN_ROUTES, ALL_ROUTES, LOG_VIEWER_PATH, PUBLIC_ROUTES, type AppRoute, type MenuItem } from '@bo/shared/routes';
import type { AppConfig } from '@bo/shared/app-config';

type Flags = Pick<AppConfig, 'adminGroup' | 'adminSubAccount'>;

const flagOn = (flag: AppRoute['flag'], flags: Flags) => !flag || flags[flag] === true;

export const routeByName = (name: string): AppRoute | undefined => ALL_ROUTES.find((r) => r.name === name);

/** Routes the router knows: a route whose feature flag is off does not exist (so it is a 404). */
export function routerRoutes(flags: Flags): { publicRoutes: AppRoute[]; adminRoutes: AppRoute[] } {
  return { publicRoutes: PUBLIC_ROUTES, adminRoutes: ADMIN_ROUTES.filter((r) => flagOn(r.flag, flags)) };
}

/** Whether the roles held may open the route (spec section 6). */
export const canOpen = (route: AppRoute, held: readonly string[]): boolean => !!route.public || can(held, route.roles);

export interface VisibleMenuItem extends MenuItem { path?: string; children?: VisibleMenuItem[] }

/** Section 2's menu filtered by roles and feature flags; groups left empty disappear. */
export function visibleMenu(held: readonly string[], flags: Flags, menu: MenuItem[] = ADMIN_MENU): VisibleMenuItem[] {
  const out: VisibleMenuItem[] = [];
  for (const item of menu) {
    if (!flagOn(item.flag, flags) || !can(held, item.roles)) continue;
    const route = item.route ? routeByName(item.route) : undefined;
    if (item.route && (!route || !flagOn(route.flag, flags))) continue;
    if (item.children) {
      const children = visibleMenu(held, flags, item.children);
      if (children.length) out.push({ ...item, children });
    } else out.push({ ...item, path: route?.path });
  }
  return out;
}

/** Admin path for the log viewer and other externalPath entries: through create-admin-session. */
export const adminSessionUrl = (path: string) => `/admin/create-admin-session?path=${encodeURIComponent(path)}`;

/** Only relative same-origin paths ("/x", not "//host" or "/\\host"). */
export function isSafeRelativePath(path: string | null | undefined): path is string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  if (/[\u0000-\u001f]/.test(path)) return false;
  try {
    const u = new URL(path, 'http://same.origin');
    return u.origin === 'http://same.origin';
  } catch {
    return false;
  }
}

/**
 * Whether create-admin-session may open the path: any safe relative app path, and of the API only
 * the log viewer (exactly LOG_VIEWER_PATH, a query allowed, nothing to normalize). Any other /api/
 * path (an uploaded file, say) is refused: it would be fetched with the admin's token.
 */
export function mayOpenInSession(path: string | null | undefined): path is string {
  if (!isSafeRelativePath(path)) return false;
  if (!path.startsWith('/api/')) return true;
  const url = new URL(path, 'http://same.origin');
  return url.pathname === LOG_VIEWER_PATH && `${url.pathname}${url.search}` === path;
}
