import { api } from '../../lib/api-client.ts';
import { keepingBrowserSettings } from '../../lib/fingerprint.ts';
import { queryClient } from '../../lib/query-client.ts';
import { signedIn } from '../../lib/session.ts';
import { STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { clearToken, decodeToken, getToken, isLive } from '../../lib/token-store.ts';

/**
 * Switch account, the web half. The server answers a token bound to a new login device that
 * records the super admin as impersonator. The original token is kept aside (and the original
 * active organization in active_origin_organization, spec section 9); going back logs the acting
 * device out on the server and restores both.
 */
export const ORIGIN_TOKEN_KEY = 'admin_origin_token';

export async function switchToAccount(adminId: number): Promise<void> {
  const original = getToken();
  const { token } = await api.post<{ token: string }>(`/api/admin/account/${adminId}/switch-account`, {});
  if (original) storage.set(ORIGIN_TOKEN_KEY, original);
  const org = storage.get(STORAGE_KEYS.activeOrganization);
  if (org) storage.set(STORAGE_KEYS.activeOriginOrganization, org);
  storage.remove(STORAGE_KEYS.activeOrganization);
  queryClient.clear();
  await signedIn(token);
}

export async function switchBack(): Promise<void> {
  // Read before the logout: its answer (Clear-Site-Data "storage") wipes the browser's storage.
  const original = storage.get(ORIGIN_TOKEN_KEY);
  const org = storage.get(STORAGE_KEYS.activeOriginOrganization);
  await keepingBrowserSettings(async () => {
    try {
      await api.put('/api/admin/account/logout', undefined, { silent: true });
    } catch {
      /* the acting device is gone either way once we drop its token */
    }
  });
  storage.remove(ORIGIN_TOKEN_KEY);
  storage.remove(STORAGE_KEYS.activeOriginOrganization);
  if (org) storage.set(STORAGE_KEYS.activeOrganization, org);
  else storage.remove(STORAGE_KEYS.activeOrganization);
  queryClient.clear();
  if (original && isLive(decodeToken(original))) await signedIn(original);
  else clearToken();
}
