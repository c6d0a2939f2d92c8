import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session.ts';
import { useSiteTitle } from '../lib/settings.ts';
import { RouteProgress } from '../components/shell-indicators.tsx';
import type { AppRoute } from '../lib/feature.ts';
import { RouteMetaContext } from '../lib/route-meta.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { routeComponents } from './route-components.tsx';
import { canOpen } from './route-rules.ts';
import { grantersOf } from '@bo/shared/permissions';
import { roleMissingText } from '../lib/role-refusal.ts';

import { themedLazy } from './themed.tsx';

export const ErrorScreen = themedLazy(() => import('../components/error-screen.tsx').then((m) => m.ErrorScreen));

/** '{page} | {site title}' (spec section 1). */
function usePageTitle(route: AppRoute) {
  const { t, i18n } = useTranslation();
  const title = useSiteTitle();
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.language re-renders the title on a switch of language, which `t`'s identity does not always signal
  useEffect(() => {
    document.title = `${t(`route.${route.name}`)} | ${title}`;
  }, [route.name, title, t, i18n.language]);
}

export function Screen({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const { roles } = useSession();
  const { pathname } = useLocation();
  usePageTitle(route);
  const Page = routeComponents[route.name];
  let body: ReactNode;
  if (!canOpen(route, roles)) body = <ErrorScreen statusCode={403} message={roleMissingText(route.roles, grantersOf(route.roles))} />;
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

/** Where an unknown path goes, remembering where it came from. */
export function NotFoundRedirect({ to }: { to: string }) {
  const { pathname, search } = useLocation();
  return <Navigate to={to} replace state={{ from: `${pathname}${search}` }} />;
}
