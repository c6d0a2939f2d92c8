import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '@bo/shared/app-config';
import type { PublicSettings } from '@bo/shared/schemas/settings';
import { APP_CONFIG_DEFAULTS } from '@bo/shared/app-config-defaults';

// Plain defaults: the zod schema stays out of the first bundle.
const DEFAULT_APP_CONFIG: AppConfig = APP_CONFIG_DEFAULTS;
import { api } from './api-client.ts';

/** GET /api/settings (type only: zod stays out of the first bundle). */
export type Settings = PublicSettings;
interface State {
  settings: Settings;
  loaded: boolean;
  loadFailed: boolean;
  /** No answer came at all (the server is down or the network is): not a refusal, which spec section 8 boots through. */
  unreachable: boolean;
}

let state: State = {
  settings: {
    recaptcha: { client: null },
    config: DEFAULT_APP_CONFIG,
    api_version: '',
    oauth_providers: [],
    admin_oauth_providers: [],
    mail_enabled: true,
  },
  loaded: false,
  loadFailed: false,
  unreachable: false,
};
const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
const get = () => state;

/** Public settings (spec section 3): reCAPTCHA site key and the application config. */
export async function loadSettings(): Promise<boolean> {
  try {
    const s = await api.get<Settings>('/api/settings', null, { silent: true });
    state = {
      settings: {
        ...s,
        oauth_providers: s.oauth_providers ?? [],
        admin_oauth_providers: s.admin_oauth_providers ?? [],
        mail_enabled: s.mail_enabled ?? true,
        config: { ...DEFAULT_APP_CONFIG, ...s.config },
      },
      loaded: true,
      loadFailed: false,
      unreachable: false,
    };
  } catch (e) {
    // The client rejects with no value when no response arrived (api-client.ts).
    state = { ...state, loaded: true, loadFailed: true, unreachable: e === undefined };
  }
  for (const l of [...listeners]) l();
  return !state.loadFailed;
}

export const getSettings = () => state;
export const useSettings = () => useSyncExternalStore(subscribe, get, get);
export const useAppConfig = (): AppConfig => useSettings().settings.config;

/**
 * The site title in the current language: the configured title, except that the default one
 * (the zh-TW product name, never configured) reads in the current language (`site.defaultTitle`).
 */
export function useSiteTitle(): string {
  const { title } = useAppConfig();
  const { t } = useTranslation();
  return title === APP_CONFIG_DEFAULTS.title ? t('site.defaultTitle') : title;
}
