import { Suspense, useEffect } from 'react';
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
import { RouteProgress } from '../components/shell-indicators.tsx';
import { ChunkFailure, isChunkLoadError } from './error-boundary.tsx';
import { registerScreens } from './route-components.tsx';
import { buildRoutes } from './route-rules.ts';
import { PUBLIC_FEATURES } from './public-features.ts';
import { ErrorScreen, NotFoundRedirect, Screen } from './screen.tsx';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { Themed } from './themed.tsx';
import { preloadable } from '../lib/preloadable.ts';

const AdminLayout = preloadable(() => import('./layouts/admin-layout.tsx'));
// The admin routes (every other feature's descriptor) load with the admin screens, not with sign-in.
const loadAdminRoutes = () => import('./admin-routes.tsx');
const AdminRoutes = preloadable(loadAdminRoutes);

/**
 * A reload on an admin path with a stored session: the layout, the admin routes and the screen load
 * while boot() asks the API, and the first render shows them without a fallback between. The chunks are
 * evaluated one after another, each in a task of its own (Ant Design's, the layout's packages, the layout):
 * in one import their evaluation was one long task on a slowed phone (public/first-screen.js has asked for
 * all the files already, so nothing waits for the network between them).
 */
export function preloadAdminScreen(pathname: string): Promise<unknown> {
  return import('./antd-theme.tsx')
    .then(() => import('@tanstack/react-query'))
    .then(() => Promise.all([AdminLayout.preload(), AdminRoutes.preload(), loadAdminRoutes().then((m) => m.preloadScreenAt(pathname))]));
}

registerScreens(PUBLIC_FEATURES);
const PUBLIC_ROUTES = buildRoutes(PUBLIC_FEATURES).filter((r) => r.public);
/** Public screens made without Ant Design (plain HTML form controls): no antd theme to load for them. */
const PLAIN_SCREENS = new Set(['home']);

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

export function AppRoutes() {
  const { search } = useLocation();
  // ?app_debug= works on any navigation, not only on a full load.
  useEffect(() => {
    applyDebugParam(search);
  }, [search]);
  return (
    <Routes>
      <Route
        element={
          <DefaultLayout>
            <Outlet />
          </DefaultLayout>
        }
      >
        {PUBLIC_ROUTES.map((r) => (
          <Route
            key={r.name}
            path={r.path}
            element={
              PLAIN_SCREENS.has(r.name) ? (
                <Screen route={r} />
              ) : (
                <Suspense fallback={<RouteProgress />}>
                  <Themed>
                    <Screen route={r} />
                  </Themed>
                </Suspense>
              )
            }
          />
        ))}
      </Route>
      <Route element={<RequireSession />}>
        <Route
          path="/admin/*"
          element={
            <Suspense fallback={<RouteProgress />}>
              <AdminRoutes />
            </Suspense>
          }
        />
      </Route>
      <Route path="*" element={<NotFoundRedirect to="/404" />} />
    </Routes>
  );
}

/** Errors outside a screen's own boundary (the admin layout's chunk): the same screens, no router default. */
function RootError() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkFailure />;
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
