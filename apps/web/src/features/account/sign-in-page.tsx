import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import Form from 'antd/es/form';
// Input and Password from their own files: the input index also carries TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Checkbox from 'antd/es/checkbox';
import Button from 'antd/es/button';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import MailOutlined from '@ant-design/icons/MailOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import { api, errorText } from '../../lib/api-client.ts';
import { applyServerErrors, schemaRule } from '../../components/resource/field-rules.ts';
import { loadRecaptcha, recaptchaToken } from '../../lib/recaptcha.ts';
import { useSession } from '../../lib/session.ts';
import { useAppConfig, useSettings, useSiteTitle } from '../../lib/settings.ts';
import { redirectTarget } from './redirect-target.ts';
import type { SignInResponse } from '@bo/shared/schemas/account';
import { finishSignIn } from './finish-sign-in.ts';
import { SocialSignInButtons } from './social-sign-in-buttons.tsx';

// The account schemas come with the first check, not with the page: zod stays out of the sign-in chunk.
const accountSchemas = () => import('@bo/shared/schemas/account');
const emailRule = schemaRule(() => accountSchemas().then((m) => m.loginBody.shape.email));
const passwordRule = schemaRule(() => accountSchemas().then((m) => m.passwordField));

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

interface Values {
  email: string;
  password: string;
  keep_login: boolean;
}

export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { payload } = useSession();
  const { settings } = useSettings();
  const config = useAppConfig();
  const siteTitle = useSiteTitle();
  const [form] = Form.useForm<Values>();
  const keepLogin = Form.useWatch('keep_login', form);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const siteKey = settings.recaptcha.client;
  const target = redirectTarget(params.get('redirect'));

  useEffect(() => {
    void loadRecaptcha(siteKey);
  }, [siteKey]);

  if (payload && !busy) return <Navigate to={target} replace />;

  const submit = async (v: Values) => {
    setError(null);
    setBusy(true);
    try {
      const recaptcha = await recaptchaToken(siteKey, 'login');
      const result = await api.post<SignInResponse>('/api/admin/account/login', {
        email: v.email.trim(),
        password: v.password,
        keep_login: !!v.keep_login,
        ...(recaptcha ? { recaptcha } : {}),
      });
      await finishSignIn(result, navigate, target);
    } catch (e) {
      if (!applyServerErrors(form, e)) setError(errorText(e));
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
        {/* A plain banner rather than antd Alert keeps the sign-in bundle small. */}
        {error ? (
          <div role="alert" className="sign-in-error" data-testid="sign-in-error">
            <CloseCircleFilled /> <span>{error}</span>
          </div>
        ) : null}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ keep_login: false }} disabled={busy}>
          <Form.Item name="email" label={t('signIn.email')} rules={[emailRule]} normalize={(v: string) => v.trim()}>
            <Input prefix={<MailOutlined />} autoComplete="username" inputMode="email" size="large" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('signIn.password')} rules={[passwordRule]}>
            <Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              size="large"
              iconRender={(visible) =>
                visible ? (
                  <EyeOutlined aria-label={t('signIn.hidePassword')} data-testid="password-toggle" />
                ) : (
                  <EyeInvisibleOutlined aria-label={t('signIn.showPassword')} data-testid="password-toggle" />
                )
              }
            />
          </Form.Item>
          <Form.Item name="keep_login" valuePropName="checked">
            <Checkbox>{t('signIn.keepLogin')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="sign-in-submit">
            {t('signIn.submit')}
          </Button>
        </Form>
        <SocialSignInButtons keepLogin={!!keepLogin} redirect={params.get('redirect')} onError={setError} />
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
