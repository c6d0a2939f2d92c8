import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OAuthProviderName } from '@bo/shared/schemas/account';
import { errorText } from '../../lib/api-client.ts';
import { useSettings } from '../../lib/settings.ts';
import { PlainButton } from './plain-form.tsx';

const LABELS: Record<OAuthProviderName, string> = { google: 'Google', facebook: 'Facebook', line: 'LINE' };

/** The providers admins sign in with (the server leaves Google out while adminGoogleLogin is off), in their brand colours (spec section 1). Plain buttons: the sign-in route loads no antd. */
export function SocialSignInButtons({
  keepLogin,
  redirect,
  onError,
}: {
  keepLogin: boolean;
  redirect: string | null;
  onError(text: string): void;
}) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const [busy, setBusy] = useState<OAuthProviderName | null>(null);
  const providers = settings.admin_oauth_providers;
  if (!providers.length) return null;
  return (
    <div className="sign-in-social">
      <div className="sign-in-divider">
        <span>{t('signIn.or')}</span>
      </div>
      {providers.map((p) => (
        <PlainButton
          key={p}
          className={`btn-social btn-${p}`}
          loading={busy === p}
          data-testid={`oauth-${p}`}
          onClick={async () => {
            setBusy(p);
            try {
              // The provider flow loads when a provider is chosen, not with the sign-in page.
              const { startOAuth } = await import('./oauth-flow.ts');
              await startOAuth(p, { purpose: 'sign_in', keepLogin, redirect });
            } catch (e) {
              onError(errorText(e));
              setBusy(null);
            }
          }}
        >
          {t('signIn.with', { provider: LABELS[p] })}
        </PlainButton>
      ))}
    </div>
  );
}
