import { lazy, Suspense, useLayoutEffect, useMemo, type ReactNode } from 'react';

// Toasts queue until the host has loaded; keeping antd's notification out of the first bundle.
const ToastHost = lazy(() => import('../components/toast-host.tsx'));
import { useTranslation } from 'react-i18next';
import ConfigProvider from 'antd/es/config-provider';
import zhTW from 'antd/es/locale/zh_TW';
import { useAppConfig } from '../lib/settings.ts';
import { useColorScheme } from '../lib/color-scheme.ts';
import { useReducedMotion } from '../lib/reduced-motion.ts';
import { LoadingOverlay, ProgressBar } from '../components/shell-indicators.tsx';
import { buildTheme, themeCssVariables } from '../lib/theme.ts';
import { cspNonce } from './csp.ts';
import { antdLocaleFor } from '../i18n/index.ts';

/** Ant Design's run-time style sheets carry the page's CSP nonce (absent on the Vite dev server). */
const CSP = cspNonce ? { nonce: cspNonce } : undefined;

/** Theme, antd locale following the language, and the shell's overlay, bar and toasts (the query cache: app/data-provider.tsx). */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { primaryColor } = useAppConfig();
  const { scheme } = useColorScheme();
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => buildTheme(primaryColor, scheme, reducedMotion), [primaryColor, scheme, reducedMotion]);
  const vars = useMemo(() => themeCssVariables(primaryColor, scheme), [primaryColor, scheme]);
  const locale = antdLocaleFor(i18n.language) ?? zhTW;
  // On :root so portals (drawers, toasts, dialogs) see the same colours and layers; data-theme and
  // color-scheme let the stylesheet and the browser's own controls (scrollbars) follow.
  useLayoutEffect(() => {
    const root = document.documentElement;
    for (const [k, v] of Object.entries(vars)) root.style.setProperty(k, v);
    root.dataset.theme = scheme;
    root.style.colorScheme = scheme;
  }, [vars, scheme]);
  return (
    <ConfigProvider csp={CSP} theme={theme} locale={locale} componentSize="middle" button={{ autoInsertSpace: false }}>
      <ProgressBar />
      {children}
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
      <LoadingOverlay />
    </ConfigProvider>
  );
}
