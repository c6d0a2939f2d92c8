import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { OAUTH_KEYS, OAUTH_PROVIDERS, type OAuthProviderName } from '@bo/shared/schemas/account';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { toast, SHELL_TOAST } from '../../lib/toast.ts';
import { finishSignIn } from './finish-sign-in.ts';
import { finishOAuth } from './oauth-flow.ts';
import { PublicCard } from './public-card.tsx';
import { redirectTarget } from './redirect-target.ts';
import './i18n-identity.ts';
import '../../components/identity/i18n.ts';

const NAMES: Record<OAuthProviderName, string> = { google: 'Google', facebook: 'Facebook', line: 'LINE' };

/** /oauth-return/{provider}: the provider sent the browser back with a code and the state (issue 10). */
export default function OAuthReturnPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const known = (OAUTH_PROVIDERS as readonly string[]).includes(provider);
  const name = known ? NAMES[provider as OAuthProviderName] : provider;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    if (!known || !code || !state) {
      setError(
        params.get('error') === 'access_denied' ? t('oauth.cancelled', { provider: name }) : t('oauth.incomplete', { provider: name }),
      );
      return;
    }
    // The code must not stay in the address bar or the history.
    window.history.replaceState(null, '', window.location.pathname);
    finishOAuth(provider as OAuthProviderName, code, state)
      .then(async (done) => {
        if (done.purpose === 'link') {
          toast.success({ title: t('oauth.linked', { provider: name }), duration: SHELL_TOAST.duration });
          navigate('/admin/profile', { replace: true });
          return;
        }
        await finishSignIn(done.result, navigate, redirectTarget(done.redirect));
      })
      .catch((e) => {
        // Another browser started the flow: nothing was signed in or linked (lib/oauth/flows.ts on the server).
        if (e instanceof ApiError && e.errors?.state?.includes(OAUTH_KEYS.otherBrowser)) setError(t(`common:${OAUTH_KEYS.otherBrowser}`));
        else if (e instanceof ApiError && e.status === 401 && e.message !== 'Invalid token')
          setError(t('oauth.notLinked', { provider: name }));
        else if (e instanceof ApiError && e.status === 409) setError(t('oauth.taken', { provider: name }));
        else setError(errorText(e));
      });
  }, [known, name, navigate, params, provider, t]);

  return (
    <PublicCard title={t('oauth.title', { provider: name })}>
      {error ? (
        <>
          <Result status="warning" title={error} data-testid="oauth-return-error" />
          <Button type="primary" block onClick={() => navigate('/', { replace: true })}>
            {t('backToSignIn')}
          </Button>
        </>
      ) : (
        <div style={{ display: 'grid', placeItems: 'center', padding: 24 }}>
          <Spin />
        </div>
      )}
    </PublicCard>
  );
}
