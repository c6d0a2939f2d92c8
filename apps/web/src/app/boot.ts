import i18n from '../i18n/index.ts';
import { applyDebugParam } from '../lib/debug.ts';
import { getToken, initTokenStore } from '../lib/token-store.ts';
import { loadOrganizations, markApiReady, startSessionManager } from '../lib/session.ts';
import { getSettings, loadSettings } from '../lib/settings.ts';
import { toast } from '../lib/toast.ts';

/** Delay of spec section 8 before the settings-failure notice. */
export const SETTINGS_FAIL_NOTICE_MS = 500;

/**
 * The initial async set-up of spec section 4 (settings, session, organizations). The app renders
 * after it unless the server could not be reached at all (`unreachable`): then the shell's outage
 * screen shows (public/shell-outage.js), as it does when the app's own code fails to load.
 */
export async function boot(): Promise<'ready' | 'unreachable'> {
  applyDebugParam();
  initTokenStore();
  // The organizations do not depend on the settings: with a stored session both calls go out at once,
  // rather than one answer (and a slowed phone's turn of the event loop) after the other.
  const organizations = getToken() ? loadOrganizations() : null;
  const ok = await loadSettings();
  if (!ok && getSettings().unreachable) return 'unreachable';
  if (!ok) {
    setTimeout(() => {
      toast.error({ title: i18n.t('error.serverFailTitle'), description: i18n.t('error.serverFailContent'), duration: false });
    }, SETTINGS_FAIL_NOTICE_MS);
  }
  markApiReady();
  startSessionManager();
  await (organizations ?? loadOrganizations());
  return 'ready';
}
