import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { api, ApiError, errorText } from '../../lib/api-client.ts';
import { applyServerErrors, sameAsRule, schemaRule } from '../../components/resource/field-rules.ts';
import { PasswordStrengthMeter } from '../../components/password-strength.tsx';
import { loadRecaptcha, recaptchaToken } from '../../lib/recaptcha.ts';
import { useSettings } from '../../lib/settings.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { PublicCard } from './public-card.tsx';
import { MailUnavailableNotice } from '../../components/identity/mail-unavailable-notice.tsx';
import './i18n-identity.ts';
import '../../components/identity/i18n.ts';

const accountSchemas = () => import('@bo/shared/schemas/account');
const emailRule = schemaRule(() => accountSchemas().then((m) => m.loginBody.shape.email));
const passwordRule = schemaRule(() => accountSchemas().then((m) => m.passwordField));

interface LinkInfo {
  email: string;
  name: string;
  purpose: 'reset' | 'invite';
  expires_at: string;
}

/** /send-reset-password-email: "forgot password" asks for the mail; with ?token= the link sets the new password. */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <SetPassword token={token} /> : <AskForLink />;
}

function AskForLink() {
  const { t } = useTranslation('identity');
  const { settings } = useSettings();
  const siteKey = settings.recaptcha.client;
  const [form] = Form.useForm<{ email: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  useEffect(() => {
    void loadRecaptcha(siteKey);
  }, [siteKey]);

  const send = async ({ email }: { email: string }) => {
    setError(null);
    setBusy(true);
    try {
      const recaptcha = await recaptchaToken(siteKey, 'reset_password');
      await api.post('/api/admin/account/send-reset-password-mail', {
        email: email.trim(),
        locale: currentLanguage(),
        ...(recaptcha ? { recaptcha } : {}),
      });
      setSentTo(email.trim());
    } catch (e) {
      if (!applyServerErrors(form, e)) setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (!settings.mail_enabled) {
    return (
      <PublicCard title={t('forgot.title')}>
        <MailUnavailableNotice />
      </PublicCard>
    );
  }
  if (sentTo) {
    return (
      <PublicCard title={t('forgot.sentTitle')}>
        <p data-testid="reset-mail-sent">{t('forgot.sent', { email: sentTo })}</p>
        <p className="muted">{t('forgot.sentHelp')}</p>
        <Button block onClick={() => setSentTo(null)}>
          {t('forgot.again')}
        </Button>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t('forgot.title')} intro={t('forgot.intro')} error={error}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={send} disabled={busy}>
        <Form.Item name="email" label={t('signIn.email', { ns: 'common' })} rules={[emailRule]} normalize={(v: string) => v.trim()}>
          <Input prefix={<MailOutlined />} autoComplete="username" inputMode="email" size="large" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="reset-mail-submit">
          {t('forgot.submit')}
        </Button>
      </Form>
    </PublicCard>
  );
}

function SetPassword({ token }: { token: string }) {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [link, setLink] = useState<LinkInfo | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const password = Form.useWatch('password', form);

  useEffect(() => {
    let live = true;
    api
      .post<LinkInfo>('/api/admin/account/password-link', { token })
      .then((info) => live && setLink(info))
      .catch((e) => {
        if (!live) return;
        if (e instanceof ApiError && e.status === 400) setInvalid(true);
        else setLoadError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [token]);

  const requestNew = () => navigate('/send-reset-password-email', { replace: true });

  if (invalid) {
    return (
      <PublicCard title={t('setPassword.invalidTitle')}>
        <Result status="warning" title={t('setPassword.invalid')} />
        <Button type="primary" block onClick={requestNew}>
          {t('setPassword.requestNew')}
        </Button>
      </PublicCard>
    );
  }
  if (done) {
    return (
      <PublicCard title={t('setPassword.doneTitle')}>
        <Result status="success" title={t('setPassword.done')} />
        <Button type="primary" block onClick={() => navigate('/', { replace: true })} data-testid="go-sign-in">
          {t('setPassword.signIn')}
        </Button>
      </PublicCard>
    );
  }
  if (!link) {
    return (
      <PublicCard title={t('setPassword.titleReset')} error={loadError}>
        {loadError ? null : <Spin />}
      </PublicCard>
    );
  }
  const submit = async (v: { password: string }) => {
    setError(null);
    setBusy(true);
    try {
      await api.post('/api/admin/account/reset-password-by-mail', { token, password: v.password });
      setDone(true);
    } catch (e) {
      if (e instanceof ApiError && e.errors?.token?.includes('validate.error.reset_link_invalid')) setInvalid(true);
      else if (!applyServerErrors(form, e)) setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const invite = link.purpose === 'invite';
  return (
    <PublicCard
      title={invite ? t('setPassword.titleInvite', { name: link.name || link.email }) : t('setPassword.titleReset')}
      intro={
        <>
          {invite ? `${t('setPassword.inviteIntro')} ` : null}
          {t('setPassword.forAccount', { email: link.email })}
        </>
      }
      error={error}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <Form.Item
          name="password"
          label={t('setPassword.password')}
          rules={[passwordRule]}
          extra={<PasswordStrengthMeter value={password} />}
        >
          <Password autoComplete="new-password" size="large" data-testid="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('setPassword.confirm')}
          dependencies={['password']}
          rules={[passwordRule, sameAsRule('password')]}
        >
          <Password autoComplete="new-password" size="large" data-testid="confirm-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="set-password-submit">
          {t('setPassword.submit')}
        </Button>
      </Form>
    </PublicCard>
  );
}
