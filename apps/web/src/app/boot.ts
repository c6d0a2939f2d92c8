import i18n from '../i18n/index.ts';
import { applyDebugParam } from '../lib/debug.ts';
import { initTokenStore } from '../lib/token-store.ts';
import { loadOrganizations, markApiReady, startSessionManager } from '../lib/session.ts';
import { loadSettings } from '../lib/settings.ts';
import { toast } from '../lib/toast.ts';

/** Delay of spec section 8 before the settings-failure notice. */
export const SETTINGS_FAIL_NOTICE_MS = 500;

/**
 * The initial async set-up of spec section 4 (settings, session, organizations); the app
 * renders after it completes, whatever the outcome.
 */
export async function boot(): Promise<void> {
  applyDebugParam();
  initTokenStore();
  const ok = await loadSettings();
  if (!ok) {
    setTimeout(() => {
      toast.error({ title: i18n.t('error.serverFailTitle'), description: i18n.t('error.serverFailContent'), duration: false });
    }, SETTINGS_FAIL_NOTICE_MS);
  }
  markApiReady();
  startSessionManager();
  await loadOrganizations();
}
