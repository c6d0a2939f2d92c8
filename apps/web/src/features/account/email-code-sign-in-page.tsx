import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import OTP from 'antd/es/input/OTP';
import Checkbox from 'antd/es/checkbox';
import Button from 'antd/es/button';
import MailOutlined from '@ant-design/icons/MailOutlined';
import type { SignInResponse } from '@bo/shared/schemas/account';
import { api, ApiError, errorText } from '../../lib/api-client.ts';
import { applyServerErrors, schemaRule } from '../../components/resource/field-rules.ts';
import { loadRecaptcha, recaptchaToken } from '../../lib/recaptcha.ts';
import { useSession } from '../../lib/session.ts';
import { useSettings } from '../../lib/settings.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { finishSignIn } from './finish-sign-in.ts';
import { PublicCard } from './public-card.tsx';
import { MailUnavailableNotice } from '../../components/identity/mail-unavailable-notice.tsx';
import { redirectTarget } from './redirect-target.ts';
import './i18n-identity.ts';
import '../../components/identity/i18n.ts';

const emailRule = schemaRule(() => import('@bo/shared/schemas/account').then((m) => m.loginBody.shape.email));
const URL = '/api/admin/account/login-via-email-otp';

/** /login-via-email-otp: an e-mail, then the six-digit code mailed to it (issue 10). */
export default function EmailCodeSignInPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = redirectTarget(params.get('redirect'));
  const { payload } = useSession();
  const { settings } = useSettings();
  const siteKey = settings.recaptcha.client;
  const [form] = Form.useForm<{ email: string }>();
  const [email, setEmail] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [keepLogin, setKeepLogin] = useState(false);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void loadRecaptcha(siteKey);
  }, [siteKey]);
  useEffect(() => {
    if (wait <= 0) return;
    const id = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [wait]);

  if (payload && !busy) return <Navigate to={target} replace />;

  const send = async (address: string) => {
    setError(null);
    setBusy(true);
    try {
      const recaptcha = await recaptchaToken(siteKey, 'email_code');
      const sent = await api.post<{ resend_after: number }>(URL, {
        email: address,
        locale: currentLanguage(),
        ...(recaptcha ? { recaptcha } : {}),
      });
      setEmail(address);
      setCode('');
      setWait(sent.resend_after);
    } catch (e) {
      if (e instanceof ApiError && e.status === 429 && email) setWait(60);
      if (!applyServerErrors(form, e)) setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (typed: string) => {
    if (!email || typed.length !== 6) return;
    setError(null);
    setBusy(true);
    try {
      const recaptcha = await recaptchaToken(siteKey, 'login');
      const result = await api.post<SignInResponse>(URL, {
        email,
        code: typed,
        keep_login: keepLogin,
        ...(recaptcha ? { recaptcha } : {}),
      });
      await finishSignIn(result, navigate, target);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 401 ? t('emailCode.wrong') : errorText(e));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  if (!email) {
    return (
      <PublicCard title={t('emailCode.title')} intro={settings.mail_enabled ? t('emailCode.intro') : undefined} error={error}>
        {settings.mail_enabled ? null : <MailUnavailableNotice />}
        <Form
          hidden={!settings.mail_enabled}
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => send(v.email.trim())}
          disabled={busy}
        >
          <Form.Item name="email" label={t('signIn.email', { ns: 'common' })} rules={[emailRule]} normalize={(v: string) => v.trim()}>
            <Input prefix={<MailOutlined />} autoComplete="username" inputMode="email" size="large" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="email-code-send">
            {t('emailCode.send')}
          </Button>
        </Form>
        <p className="sign-in-alternatives">
          <Link to={`/${params.toString() ? `?${params.toString()}` : ''}`}>{t('emailCode.usePassword')}</Link>
        </p>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t('emailCode.title')} intro={t('emailCode.codeSent', { email })} error={error}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void signIn(code);
        }}
      >
        <label className="sr-only" htmlFor="email-code">
          {t('emailCode.codeLabel')}
        </label>
        <div className="sign-in-code-input">
          <OTP
            id="email-code"
            length={6}
            size="large"
            value={code}
            disabled={busy}
            autoFocus
            formatter={(v) => v.replace(/\D/g, '')}
            inputMode="numeric"
            aria-label={t('emailCode.codeLabel')}
            data-testid="email-code-input"
            onChange={(v) => {
              setCode(v);
              void signIn(v);
            }}
          />
        </div>
        <Checkbox checked={keepLogin} onChange={(e) => setKeepLogin(e.target.checked)} style={{ margin: '12px 0 16px' }}>
          {t('signIn.keepLogin', { ns: 'common' })}
        </Checkbox>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={busy}
          disabled={code.length !== 6}
          data-testid="email-code-submit"
        >
          {t('emailCode.submit')}
        </Button>
      </form>
      <p className="sign-in-alternatives">
        <Button
          type="link"
          onClick={() => void send(email)}
          disabled={wait > 0 || busy}
          data-testid="email-code-resend"
          style={{ padding: 0 }}
        >
          {wait > 0 ? t('emailCode.resendIn', { s: wait }) : t('emailCode.resend')}
        </Button>
        <Button type="link" onClick={() => setEmail(null)} style={{ padding: 0 }}>
          {t('emailCode.changeEmail')}
        </Button>
      </p>
    </PublicCard>
  );
}
