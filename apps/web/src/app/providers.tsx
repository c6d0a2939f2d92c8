import { Suspense, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useAppConfig } from '../lib/settings.ts';
import { useColorScheme } from '../lib/color-scheme.ts';
import { useLoading } from '../lib/loading.ts';
import { onToastWaiting } from '../lib/toast.ts';
import { ProgressBar } from '../components/shell-indicators.tsx';
import { themeCssVariables } from '../lib/theme.ts';
import { themedLazy } from './themed.tsx';

// Both render antd: they load, with its theme, when first needed (the sign-in route carries no antd).
const ToastHost = themedLazy(() => import('../components/toast-host.tsx').then((m) => m.default));
const LoadingOverlay = themedLazy(() => import('../components/shell-indicators.tsx').then((m) => m.LoadingOverlay));

/**
 * The theme as CSS variables on :root (the app config's primary colour, the colour scheme), the
 * shell's progress bar, and the loading overlay and toasts once asked for. Ant Design's theme and
 * locale: app/antd-theme.tsx, around the screens that use antd; the query cache: app/data-provider.tsx.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { primaryColor } = useAppConfig();
  const { scheme } = useColorScheme();
  const { status: loading } = useLoading();
  const [toasts, setToasts] = useState(false);
  useEffect(() => onToastWaiting(() => setToasts(true)), []);
  const vars = useMemo(() => themeCssVariables(primaryColor, scheme), [primaryColor, scheme]);
  // On :root so portals (drawers, toasts, dialogs) see the same colours and layers; data-theme and
  // color-scheme let the stylesheet and the browser's own controls (scrollbars) follow.
  useLayoutEffect(() => {
    const root = document.documentElement;
    for (const [k, v] of Object.entries(vars)) root.style.setProperty(k, v);
    root.dataset.theme = scheme;
    root.style.colorScheme = scheme;
  }, [vars, scheme]);
  return (
    <>
      <ProgressBar />
      {children}
      <Suspense fallback={null}>{toasts ? <ToastHost /> : null}</Suspense>
      <Suspense fallback={null}>{loading ? <LoadingOverlay /> : null}</Suspense>
    </>
  );
}
