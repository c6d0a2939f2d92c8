import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import OTP from 'antd/es/input/OTP';
import Skeleton from 'antd/es/skeleton';
import { api, ApiError, errorText } from '../../lib/api-client.ts';
import { signedIn } from '../../lib/session.ts';
import { AuthenticatorSetup } from '../../components/identity/authenticator-setup.tsx';
import { RecoveryCodes } from '../../components/identity/recovery-codes.tsx';
import type { TwoFactorState } from './finish-sign-in.ts';
import { PublicCard } from './public-card.tsx';
import '../../components/identity/i18n-two-factor.ts';
import '../../components/identity/i18n.ts';
import './i18n-identity.ts';

const LOGIN = '/api/admin/account/two-factor/login';

/** The account an otpauth:// address names (`Issuer:email`), for the recovery codes' file. */
const accountOf = (otpauthUrl: string) => decodeURIComponent(new URL(otpauthUrl).pathname).split(':').pop() ?? '';

/**
 * /two-factor: the second step of a sign-in (issue 10). `verify`: a code of the authenticator app or a
 * recovery code. `setup`: the super admin's policy asks two-factor of this admin, who sets up an app
 * here, saves the recovery codes and is then signed in. The challenge comes in the router's state.
 */
export default function TwoFactorPage() {
  const state = useLocation().state as TwoFactorState | null;
  if (!state?.step) return <Navigate to="/" replace />;
  return state.step.mode === 'setup' ? <SetupStep {...state} /> : <VerifyStep {...state} />;
}

/** A refusal of the second step: a wrong code (400) may be tried again; 401 means the challenge is over. */
function useStepErrors() {
  const { t } = useTranslation('two-factor');
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const fail = useCallback(
    (e: unknown) => {
      if (e instanceof ApiError && e.status === 401) {
        setOver(true);
        setError(t('step.expired'));
      } else setError(e instanceof ApiError && e.status === 400 ? t('step.wrong') : errorText(e));
    },
    [t],
  );
  return { error, over, fail, clear: () => setError(null) };
}

function StartAgain() {
  const { t } = useTranslation('two-factor');
  const navigate = useNavigate();
  return (
    <Button type="primary" size="large" block onClick={() => navigate('/', { replace: true })} data-testid="two-factor-again">
      {t('step.again')}
    </Button>
  );
}

function VerifyStep({ step, target }: TwoFactorState) {
  const { t } = useTranslation('two-factor');
  const navigate = useNavigate();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useStepErrors();

  const submit = async (body: { code: string } | { recovery_code: string }) => {
    errors.clear();
    setBusy(true);
    try {
      const { token } = await api.post<{ token: string }>(LOGIN, { challenge: step.challenge, ...body });
      await signedIn(token);
      navigate(target, { replace: true });
    } catch (e) {
      errors.fail(e);
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicCard title={t('step.title')} intro={recovery ? t('step.recoveryIntro') : t('step.intro')} error={errors.error}>
      {errors.over ? (
        <StartAgain />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (recovery) void submit({ recovery_code: recoveryCode.trim() });
            else if (code.length === 6) void submit({ code });
          }}
        >
          {recovery ? (
            <>
              <label htmlFor="two-factor-recovery">{t('step.recoveryLabel')}</label>
              <Input
                id="two-factor-recovery"
                size="large"
                autoComplete="one-time-code"
                autoFocus
                value={recoveryCode}
                disabled={busy}
                onChange={(e) => setRecoveryCode(e.target.value)}
                data-testid="two-factor-recovery-input"
                style={{ margin: '8px 0 16px' }}
              />
            </>
          ) : (
            <>
              <label className="sr-only" htmlFor="two-factor-code">
                {t('step.codeLabel')}
              </label>
              <div className="sign-in-code-input">
                <OTP
                  id="two-factor-code"
                  length={6}
                  size="large"
                  value={code}
                  disabled={busy}
                  autoFocus
                  formatter={(v) => v.replace(/\D/g, '')}
                  inputMode="numeric"
                  aria-label={t('step.codeLabel')}
                  data-testid="two-factor-code"
                  onChange={(v) => {
                    setCode(v);
                    if (v.length === 6) void submit({ code: v });
                  }}
                />
              </div>
            </>
          )}
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={busy}
            disabled={recovery ? !recoveryCode.trim() : code.length !== 6}
            data-testid="two-factor-submit"
          >
            {t('step.submit')}
          </Button>
          <p className="sign-in-alternatives">
            <Button
              type="link"
              style={{ padding: 0 }}
              onClick={() => {
                setRecovery((r) => !r);
                errors.clear();
              }}
              data-testid="two-factor-toggle"
            >
              {recovery ? t('step.useApp') : t('step.useRecovery')}
            </Button>
          </p>
          <p className="muted">{t('step.lostPhone')}</p>
        </form>
      )}
    </PublicCard>
  );
}

function SetupStep({ step, target }: TwoFactorState) {
  const { t } = useTranslation('two-factor');
  const navigate = useNavigate();
  const [secret, setSecret] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [done, setDone] = useState<{ token: string; recovery_codes: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = useStepErrors();
  const { fail } = errors;

  useEffect(() => {
    let live = true;
    api.post<{ secret: string; otpauth_url: string }>(`${LOGIN}/setup`, { challenge: step.challenge }).then(
      (s) => live && setSecret(s),
      (e: unknown) => live && fail(e),
    );
    return () => {
      live = false;
    };
  }, [step.challenge, fail]);

  const confirm = async (code: string) => {
    errors.clear();
    setBusy(true);
    try {
      const r = await api.post<{ token: string; recovery_codes?: string[] }>(LOGIN, { challenge: step.challenge, code });
      setDone({ token: r.token, recovery_codes: r.recovery_codes ?? [] });
    } catch (e) {
      errors.fail(e);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <PublicCard title={t('recovery.title')}>
        <RecoveryCodes
          codes={done.recovery_codes}
          email={secret ? accountOf(secret.otpauth_url) : ''}
          onDone={() => {
            void signedIn(done.token).then(() => navigate(target, { replace: true }));
          }}
        />
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t('setup.title')} intro={t('setup.requiredIntro')} error={errors.error}>
      {errors.over ? (
        <StartAgain />
      ) : secret ? (
        <AuthenticatorSetup secret={secret.secret} otpauthUrl={secret.otpauth_url} busy={busy} onCode={(c) => void confirm(c)} />
      ) : (
        <Skeleton active aria-label={t('setup.loading')} />
      )}
    </PublicCard>
  );
}
