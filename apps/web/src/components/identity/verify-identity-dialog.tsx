import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Alert from 'antd/es/alert';
import Segmented from 'antd/es/segmented';
import { api, errorText } from '../../lib/api-client.ts';
import { applyServerErrors } from '../../components/resource/field-rules.ts';
import { currentLanguage } from '../../i18n/index.ts';
import './i18n.ts';

/** The password or mailed-code check useIdentityProof opens (its own chunk: modal, form and inputs load when it first opens). */
export default function VerifyIdentityDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('identity-proof');
  const [form] = Form.useForm<{ password?: string; code?: string }>();
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sendCode = async () => {
    setError(null);
    setBusy(true);
    try {
      await api.post('/api/admin/account/verify-identity/send-code', { locale: currentLanguage() });
      setSent(true);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = async (v: { password?: string; code?: string }) => {
    setError(null);
    setBusy(true);
    try {
      await api.post('/api/admin/account/verify-identity', method === 'password' ? { password: v.password } : { code: v.code?.trim() });
      onDone();
    } catch (e) {
      if (!applyServerErrors(form, e)) setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('verify.title')}
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
      width={420}
      data-testid="verify-identity-dialog"
    >
      <p>{t('verify.intro')}</p>
      <Segmented
        block
        value={method}
        onChange={(v) => {
          setMethod(v as 'password' | 'code');
          setError(null);
        }}
        options={[
          { value: 'password', label: t('verify.byPassword') },
          { value: 'code', label: t('verify.byCode') },
        ]}
        style={{ marginBottom: 16 }}
      />
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
        {method === 'password' ? (
          <Form.Item
            name="password"
            label={t('verify.password')}
            rules={[{ required: true, message: t('validate.error.required', { ns: 'common' }) }]}
          >
            <Input.Password autoComplete="current-password" autoFocus data-testid="verify-password" />
          </Form.Item>
        ) : (
          <>
            <Button onClick={sendCode} loading={busy && !sent} block style={{ marginBottom: 16 }} data-testid="verify-send-code">
              {sent ? t('verify.resend') : t('verify.sendCode')}
            </Button>
            {sent ? <p className="muted">{t('verify.codeSent')}</p> : null}
            <Form.Item
              name="code"
              label={t('verify.code')}
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('validate.error.code_incorrect', { ns: 'common' }) }]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} data-testid="verify-code" />
            </Form.Item>
          </>
        )}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="verify-submit">
          {t('verify.submit')}
        </Button>
      </Form>
    </Modal>
  );
}
