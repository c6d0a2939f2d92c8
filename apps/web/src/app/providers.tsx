import { lazy, Suspense, useLayoutEffect, useMemo, type ReactNode } from 'react';

// Toasts queue until the host has loaded; keeping antd's notification out of the first bundle.
const ToastHost = lazy(() => import('../components/toast-host.tsx'));
import { useTranslation } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import zhTW from 'antd/es/locale/zh_TW';
import enUS from 'antd/es/locale/en_US';
import { queryClient } from '../lib/query-client.ts';
import { useAppConfig } from '../lib/settings.ts';
import { LoadingOverlay, ProgressBar } from '../components/shell-indicators.tsx';
import { buildTheme, themeCssVariables } from './theme.ts';
import { cspNonce } from './csp.ts';

/** Ant Design's run-time style sheets carry the page's CSP nonce (absent on the Vite dev server). */
const CSP = cspNonce ? { nonce: cspNonce } : undefined;

/** Theme, antd locale following the language, query cache, and the shell's overlay, bar and toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { primaryColor } = useAppConfig();
  const theme = useMemo(() => buildTheme(primaryColor), [primaryColor]);
  const vars = useMemo(() => themeCssVariables(primaryColor), [primaryColor]);
  const locale = i18n.language === 'en-US' ? enUS : zhTW;
  // On :root so portals (drawers, toasts, dialogs) see the same colours and layers.
  useLayoutEffect(() => {
    for (const [k, v] of Object.entries(vars)) document.documentElement.style.setProperty(k, v);
  }, [vars]);
  return (
    <ConfigProvider csp={CSP} theme={theme} locale={locale} componentSize="middle" button={{ autoInsertSpace: false }}>
      <QueryClientProvider client={queryClient}>
        <ProgressBar />
        {children}
        <Suspense fallback={null}><ToastHost /></Suspense>
        <LoadingOverlay />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
