import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
// Icons from their SVG alone, and plain form controls: the sign-in route loads no Ant Design.
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import { SvgIcon } from '../../components/svg-icon.tsx';
import { ApiError, api, errorText } from '../../lib/api-client.ts';
import { translateValidationKey } from '../../components/resource/field-rules.ts';
import { loadRecaptcha, recaptchaToken } from '../../lib/recaptcha.ts';
import { useSession } from '../../lib/session.ts';
import { useAppConfig, useSettings, useSiteTitle } from '../../lib/settings.ts';
import { redirectTarget } from './redirect-target.ts';
import type { SignInResponse } from '@bo/shared/schemas/account';
import { finishSignIn } from './finish-sign-in.ts';
import { SocialSignInButtons } from './social-sign-in-buttons.tsx';
import { fieldError, PlainButton, PlainCheckbox, PlainField, PlainInput, PlainPassword } from './plain-form.tsx';

// The account schemas come with the first check, not with the page: zod stays out of the sign-in chunk.
const accountSchemas = () => import('@bo/shared/schemas/account');
const FIELDS = {
  email: () => accountSchemas().then((m) => m.loginBody.shape.email),
  password: () => accountSchemas().then((m) => m.passwordField),
};
type Field = keyof typeof FIELDS;
type Errors = Partial<Record<Field, string | null>>;

/** The bot-check notice of spec section 2, linking to Google's privacy policy and terms. */
function RecaptchaNotice() {
  const { t } = useTranslation();
  const link = (href: string, text: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
  return (
    <p className="recaptcha-notice" data-testid="recaptcha-notice">
      {t('signIn.recaptcha.before')}
      {link('https://policies.google.com/privacy', t('signIn.recaptcha.privacy'))}
      {t('signIn.recaptcha.and')}
      {link('https://policies.google.com/terms', t('signIn.recaptcha.terms'))}
      {t('signIn.recaptcha.after')}
    </p>
  );
}

export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { payload } = useSession();
  const { settings } = useSettings();
  const config = useAppConfig();
  const siteTitle = useSiteTitle();
  const [values, setValues] = useState({ email: '', password: '', keep_login: false });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  // A field is checked as it changes (as antd's forms do); a later answer never overwrites a newer one.
  const checked = useRef<Record<Field, string>>({ email: '', password: '' });
  const siteKey = settings.recaptcha.client;
  const target = redirectTarget(params.get('redirect'));

  useEffect(() => {
    void loadRecaptcha(siteKey);
  }, [siteKey]);

  if (payload && !busy) return <Navigate to={target} replace />;

  const check = async (field: Field, value: string) => {
    checked.current[field] = value;
    const message = await fieldError(FIELDS[field], value);
    if (checked.current[field] === value) setErrors((e) => ({ ...e, [field]: message }));
    return message;
  };
  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    void check(field, value);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = await Promise.all([check('email', values.email), check('password', values.password)]);
    const invalid = (['email', 'password'] as const).find((_, i) => found[i]);
    if (invalid) {
      inputs[invalid].current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const recaptcha = await recaptchaToken(siteKey, 'login');
      const result = await api.post<SignInResponse>('/api/admin/account/login', {
        email: values.email.trim(),
        password: values.password,
        keep_login: values.keep_login,
        ...(recaptcha ? { recaptcha } : {}),
      });
      await finishSignIn(result, navigate, target);
    } catch (e) {
      // The server's field errors go on their fields (the same keys as the schemas'); the rest in the banner.
      const onFields = e instanceof ApiError && e.errors ? Object.entries(e.errors).filter(([f]) => f in FIELDS) : [];
      if (onFields.length) setErrors(Object.fromEntries(onFields.map(([f, keys]) => [f, keys.map(translateValidationKey).join(' ')])));
      else setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sign-in">
      <section className="sign-in-card" aria-labelledby="sign-in-title">
        <div className="sign-in-brand">
          <div className="sign-in-logo" aria-hidden>
            {config.appName.slice(0, 1)}
          </div>
          <h1 id="sign-in-title" className="sign-in-title">
            {t('signIn.title')}
          </h1>
          <p className="sign-in-subtitle">
            {siteTitle} · {t('signIn.subtitle')}
          </p>
        </div>
        {error ? (
          <div role="alert" className="sign-in-error" data-testid="sign-in-error">
            <SvgIcon icon={CloseCircleFilled} /> <span>{error}</span>
          </div>
        ) : null}
        <form className="plain-form" noValidate onSubmit={submit}>
          <PlainField id="email" label={t('signIn.email')} error={errors.email}>
            <PlainInput
              id="email"
              ref={inputs.email}
              prefix={<SvgIcon icon={MailOutlined} />}
              error={errors.email}
              value={values.email}
              onChange={(e) => change('email', e.target.value.trim())}
              autoComplete="username"
              inputMode="email"
              disabled={busy}
              autoFocus
            />
          </PlainField>
          <PlainField id="password" label={t('signIn.password')} error={errors.password}>
            <PlainPassword
              id="password"
              ref={inputs.password}
              prefix={<SvgIcon icon={LockOutlined} />}
              error={errors.password}
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
              autoComplete="current-password"
              disabled={busy}
            />
          </PlainField>
          <PlainField id="keep_login">
            <PlainCheckbox
              id="keep_login"
              checked={values.keep_login}
              onChange={(e) => setValues((v) => ({ ...v, keep_login: e.target.checked }))}
              disabled={busy}
            >
              {t('signIn.keepLogin')}
            </PlainCheckbox>
          </PlainField>
          <PlainButton primary type="submit" loading={busy} disabled={busy} data-testid="sign-in-submit">
            {t('signIn.submit')}
          </PlainButton>
        </form>
        <SocialSignInButtons keepLogin={values.keep_login} redirect={params.get('redirect')} onError={setError} />
        <p className="sign-in-alternatives">
          <Link to="/send-reset-password-email" data-testid="forgot-password-link">
            {t('signIn.forgot')}
          </Link>
          <Link
            to={`/login-via-email-otp${params.get('redirect') ? `?redirect=${encodeURIComponent(params.get('redirect')!)}` : ''}`}
            data-testid="email-code-link"
          >
            {t('signIn.otp')}
          </Link>
        </p>
        {siteKey ? <RecaptchaNotice /> : null}
      </section>
    </div>
  );
}
