import { useMemo, type ReactNode } from 'react';
import type { ConfigProviderProps } from 'antd/es/config-provider';
import { useTranslation } from 'react-i18next';
import ConfigProvider from 'antd/es/config-provider';
import zhTW from 'antd/es/locale/zh_TW';
// Ant Design's shared rules (links, icons); each component's own come with the chunk that uses it.
import 'virtual:antd-styles';
import { useAppConfig } from '../lib/settings.ts';
import { useColorScheme } from '../lib/color-scheme.ts';
import { useReducedMotion } from '../lib/reduced-motion.ts';
import { buildTheme } from '../lib/theme.ts';
import { antdLocaleFor } from '../i18n/index.ts';
import { cspNonce } from './csp.ts';

/** Ant Design's run-time style sheets carry the page's CSP nonce (absent on the Vite dev server). */
const CSP = cspNonce ? { nonce: cspNonce } : undefined;
const BUTTON = { autoInsertSpace: false };

/**
 * Ant Design's theme (the app config's primary colour, the colour scheme, reduced motion) and locale
 * (following the language), around whatever renders antd components: the admin layout, the public
 * screens other than sign-in, the toasts, the loading overlay and the error screen. The sign-in route
 * loads none of it (its form is plain HTML, styles/plain-form.css). Loaded through app/themed.tsx.
 * `getPopupContainer`: where popups open (the admin layout's header keeps its menus inside it), given here
 * rather than by a second ConfigProvider, which ran its token and motion hooks again in the first commit.
 */
export function AntdTheme({
  children,
  getPopupContainer,
}: {
  children: ReactNode;
  getPopupContainer?: ConfigProviderProps['getPopupContainer'];
}) {
  const { i18n } = useTranslation();
  const { primaryColor } = useAppConfig();
  const { scheme } = useColorScheme();
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => buildTheme(primaryColor, scheme, reducedMotion), [primaryColor, scheme, reducedMotion]);
  const locale = antdLocaleFor(i18n.language) ?? zhTW;
  return (
    <ConfigProvider csp={CSP} theme={theme} locale={locale} componentSize="middle" button={BUTTON} getPopupContainer={getPopupContainer}>
      {children}
    </ConfigProvider>
  );
}
