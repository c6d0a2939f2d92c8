import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { changeEmailBody } from '@bo/shared/schemas/account';
import { api, errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { applyServerErrors, schemaRule } from '../../components/resource/field-rules.ts';
import { useIdentityProof } from '../../components/identity/with-identity-proof.tsx';
import { currentLanguage } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { MailUnavailableNotice } from '../../components/identity/mail-unavailable-notice.tsx';
import { useSettings } from '../../lib/settings.ts';
import { type Profile, profileQuery } from './api.ts';
import './i18n-identity.ts';

const URL = '/api/admin/account/email';
const emailRule = schemaRule(changeEmailBody.shape.email);

/**
 * Profile card (issue 26): a new e-mail waits for the code mailed to it (behind verify identity); the
 * pending change shows with its code field and a cancel. The mail's link opens the profile with
 * `?email_code=`, which confirms at once.
 */
export function EmailChangeCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('identity');
  const mailEnabled = useSettings().settings.mail_enabled;
  const qc = useQueryClient();
  const proof = useIdentityProof();
  const [askForm] = Form.useForm<{ email: string }>();
  const [codeForm] = Form.useForm<{ code: string }>();
  const [params, setParams] = useSearchParams();
  const settle = (p: Profile) => qc.setQueryData(profileQuery().queryKey, p);
  const ask = useMutation({
    mutationFn: (email: string) => proof.run(() => api.put<Profile>(URL, { email: email.trim(), locale: currentLanguage() })),
    onSuccess: settle,
  });
  const confirm = useMutation({ mutationFn: (code: string) => api.post<Profile>(`${URL}/confirm`, { code }), onSuccess: settle });
  const cancel = useMutation({ mutationFn: () => api.delete<Profile>(URL), onSuccess: settle });
  const confirmed = (p: Profile) => toast.success({ title: t('emailChange.changed', { email: p.email }), duration: SHELL_TOAST.duration });

  // The mail's link: confirm once with its code, then drop it from the address.
  const linked = params.get('email_code');
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!linked || tried.current === linked) return;
    tried.current = linked;
    setParams(
      (p) => {
        p.delete('email_code');
        return p;
      },
      { replace: true },
    );
    confirm.mutateAsync(linked).then(confirmed, (e: unknown) => toast.error({ title: errorText(e), duration: SHELL_TOAST.duration }));
  });

  const pending = profile.pending_email;
  // The code goes by mail: without a mail server the form would wait for one that never comes.
  if (!pending && !mailEnabled) return <MailUnavailableNotice />;
  if (!pending)
    return (
      <Form
        form={askForm}
        layout="vertical"
        requiredMark={false}
        disabled={ask.isPending}
        onFinish={async ({ email }) => {
          try {
            await ask.mutateAsync(email);
            askForm.resetFields();
          } catch (e) {
            if (!applyServerErrors(askForm, e)) toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
          }
        }}
      >
        <p className="muted">{t('emailChange.intro', { email: profile.email })}</p>
        <Form.Item name="email" label={t('emailChange.newEmail')} rules={[emailRule]}>
          <Input type="email" autoComplete="email" maxLength={200} data-testid="email-change-new" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={ask.isPending} data-testid="email-change-send">
          {t('emailChange.send')}
        </Button>
        {proof.dialog}
      </Form>
    );
  return (
    <Form
      form={codeForm}
      layout="vertical"
      requiredMark={false}
      disabled={confirm.isPending}
      onFinish={async ({ code }) => {
        try {
          confirmed(await confirm.mutateAsync(code.trim()));
          codeForm.resetFields();
        } catch (e) {
          if (!applyServerErrors(codeForm, e)) toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
        }
      }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="email-change-pending"
        message={t('emailChange.pending', { email: pending.email })}
        description={t('emailChange.pendingHelp', { time: formatDateTime(pending.expires_at) })}
      />
      <Form.Item
        name="code"
        label={t('emailChange.code')}
        rules={[{ required: true, whitespace: true, message: t('emailChange.codeRequired') }]}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} data-testid="email-change-code" />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={confirm.isPending} data-testid="email-change-confirm">
          {t('emailChange.confirm')}
        </Button>
        <Button
          onClick={() => cancel.mutateAsync().catch((e: unknown) => toast.error({ title: errorText(e), duration: SHELL_TOAST.duration }))}
          loading={cancel.isPending}
          data-testid="email-change-cancel"
        >
          {t('emailChange.cancel')}
        </Button>
      </Flex>
    </Form>
  );
}
