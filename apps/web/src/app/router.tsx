import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createBrowserRouter,
  Navigate,
  RouterProvider,
  Outlet,
  Route,
  Routes,
  useLocation,
  useRouteError,
  type DataRouter,
} from 'react-router';
import { flushSync } from 'react-dom';
import { mustChangePassword } from '@bo/shared/token';
import { useSession } from '../lib/session.ts';
import { applyDebugParam } from '../lib/debug.ts';
import { useAppConfig, useSiteTitle } from '../lib/settings.ts';
import { RouteProgress } from '../components/shell-indicators.tsx';
import { ChunkErrorScreen, ErrorBoundary, isChunkLoadError, reloadForChunkError } from './error-boundary.tsx';
import { routeComponents } from './route-components.tsx';
import type { AppRoute } from '../lib/feature.ts';
import { RouteMetaContext } from '../lib/route-meta.ts';
import { canOpen, routerRoutes } from './route-table.ts';
import './route-titles.ts';
import { DefaultLayout } from './layouts/default-layout.tsx';

const AdminLayout = lazy(() => import('./layouts/admin-layout.tsx'));
const ErrorScreen = lazy(() => import('../components/error-screen.tsx').then((m) => ({ default: m.ErrorScreen })));

/** '{page} | {site title}' (spec section 1). */
function usePageTitle(route: AppRoute) {
  const { t, i18n } = useTranslation();
  const title = useSiteTitle();
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.language re-renders the title on a switch of language, which `t`'s identity does not always signal
  useEffect(() => {
    document.title = `${t(`route.${route.name}`)} | ${title}`;
  }, [route.name, title, t, i18n.language]);
}

function Screen({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const { roles } = useSession();
  const { pathname } = useLocation();
  usePageTitle(route);
  const Page = routeComponents[route.name];
  let body: ReactNode;
  if (!canOpen(route, roles)) body = <ErrorScreen statusCode={403} message={t('error.forbidden')} />;
  else if (!Page) body = <ErrorScreen statusCode={404} message={t('error.notFoundPath', { path: pathname })} />;
  else body = <Page />;
  return (
    <RouteMetaContext.Provider value={route}>
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<RouteProgress />}>{body}</Suspense>
      </ErrorBoundary>
    </RouteMetaContext.Provider>
  );
}

/** Signed-out visitors go to sign-in and come back after; a default password must be changed first. */
function RequireSession() {
  const { payload } = useSession();
  const location = useLocation();
  if (!payload) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/?redirect=${encodeURIComponent(back)}`} replace />;
  }
  if (mustChangePassword(payload) && location.pathname !== '/admin/reset-password') {
    return <Navigate to="/admin/reset-password" replace />;
  }
  return (
    <Suspense fallback={<RouteProgress />}>
      <AdminLayout />
    </Suspense>
  );
}

function NotFoundRedirect({ to }: { to: string }) {
  const { pathname, search } = useLocation();
  return <Navigate to={to} replace state={{ from: `${pathname}${search}` }} />;
}

export function AppRoutes() {
  const config = useAppConfig();
  const { search } = useLocation();
  // ?app_debug= works on any navigation, not only on a full load.
  useEffect(() => {
    applyDebugParam(search);
  }, [search]);
  const { publicRoutes, adminRoutes } = routerRoutes(config);
  return (
    <Routes>
      <Route
        element={
          <DefaultLayout>
            <Outlet />
          </DefaultLayout>
        }
      >
        {publicRoutes.map((r) => (
          <Route key={r.name} path={r.path} element={<Screen route={r} />} />
        ))}
      </Route>
      <Route element={<RequireSession />}>
        {adminRoutes.map((r) => (
          <Route key={r.name} path={r.path} element={<Screen route={r} />} />
        ))}
        <Route path="/admin/*" element={<NotFoundRedirect to="/admin/404" />} />
      </Route>
      <Route path="*" element={<NotFoundRedirect to="/404" />} />
    </Routes>
  );
}

/** Errors outside a screen's own boundary (the admin layout's chunk): the same screens, no router default. */
function RootError() {
  const error = useRouteError();
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
  if (isChunkLoadError(error)) return <ChunkErrorScreen />;
  return (
    <Suspense fallback={null}>
      <ErrorScreen
        statusCode={500}
        message={error instanceof Error ? error.message : undefined}
        stack={error instanceof Error ? error.stack : undefined}
      />
    </Suspense>
  );
}

let browserRouter: DataRouter | null = null;

export function AppRouter() {
  // A data router (one catch-all route around the route table) for useBlocker: the unsaved-changes
  // guard holds links, the menu and Back while a form has unsaved work.
  browserRouter ??= createBrowserRouter([{ path: '*', element: <AppRoutes />, errorElement: <RootError /> }]);
  return (
    // Without transitions a lazy screen's Suspense fallback (the progress bar) shows while its chunk
    // loads; with them the old screen would stay up with no sign that anything is happening.
    <RouterProvider
      router={browserRouter}
      flushSync={(fn) => {
        flushSync(fn);
      }}
      useTransitions={false}
    />
  );
}
