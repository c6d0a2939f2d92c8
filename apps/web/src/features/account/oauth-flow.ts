import type { OAuthProviderName, SignInResponse } from '@bo/shared/schemas/account';
import { api } from '../../lib/api-client.ts';

/** What the return page needs to remember across the provider's pages: why the flow started. */
interface PendingFlow {
  purpose: 'sign_in' | 'link';
  keepLogin: boolean;
  redirect: string | null;
}
const KEY = 'oauth_flow';

/** Sends the browser to the provider (sign-in from the sign-in page, or linking from the profile). */
export async function startOAuth(provider: OAuthProviderName, pending: PendingFlow): Promise<void> {
  const path = pending.purpose === 'link' ? 'oauth-link-url' : 'oauth-url';
  const { url } = await api.post<{ url: string }>(`/api/admin/account/${path}/${provider}`, {});
  sessionStorage.setItem(KEY, JSON.stringify(pending));
  window.location.assign(url);
}

/** On /oauth-return/{provider}: hands code and state to the API; the flow's purpose says which call. */
export async function finishOAuth(
  provider: OAuthProviderName,
  code: string,
  state: string,
): Promise<{ purpose: 'sign_in'; result: SignInResponse; redirect: string | null } | { purpose: 'link' }> {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  const pending: PendingFlow = raw ? JSON.parse(raw) : { purpose: 'sign_in', keepLogin: false, redirect: null };
  if (pending.purpose === 'link') {
    await api.post(`/api/admin/account/oauth-link/${provider}`, { code, state });
    return { purpose: 'link' };
  }
  const result = await api.post<SignInResponse>(`/api/admin/account/oauth-login/${provider}`, {
    code,
    state,
    keep_login: pending.keepLogin,
  });
  return { purpose: 'sign_in', result, redirect: pending.redirect };
}
