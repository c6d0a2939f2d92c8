import { matchPath, Route, Routes } from 'react-router';
import { useAppConfig } from '../lib/settings.ts';
import { FEATURES } from './features.ts';
import { registerScreens, routeComponents } from './route-components.tsx';
import { routerRoutes } from './route-table.ts';
import { NotFoundRedirect, Screen } from './screen.tsx';
import '../i18n/admin-titles.ts';

registerScreens(FEATURES);

/** Paths under the router's `/admin/*` route are matched without their `/admin` (descendant routes). */
const ADMIN_BASE = '/admin';
const below = (path: string) => path.slice(ADMIN_BASE.length) || '/';

/** Fetches the screen `pathname` opens (a path of its own first, then a pattern): a reload's first screen. */
export function preloadScreenAt(pathname: string): Promise<unknown> {
  const routes = FEATURES.flatMap((f) => f.routes).filter((r) => !r.public);
  const route = routes.find((r) => r.path === pathname) ?? routes.find((r) => matchPath(r.path, pathname));
  return route ? (routeComponents[route.name]?.preload() ?? Promise.resolve()) : Promise.resolve();
}

/**
 * The admin screens' routes, from every feature's descriptor: loaded with the admin layout, so the
 * sign-in route carries only the public features (public-features.ts). A route whose feature flag is
 * off does not exist here, so it lands on /admin/404 like any unknown path.
 */
export default function AdminRoutes() {
  const { adminRoutes } = routerRoutes(useAppConfig());
  return (
    <Routes>
      {adminRoutes.map((r) => (
        <Route key={r.name} path={below(r.path)} element={<Screen route={r} />} />
      ))}
      <Route path="*" element={<NotFoundRedirect to="/admin/404" />} />
    </Routes>
  );
}
