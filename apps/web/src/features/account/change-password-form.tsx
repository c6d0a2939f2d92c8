import { useTranslation } from 'react-i18next';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Alert from 'antd/es/alert';
import { useState } from 'react';
import { errorText } from '../../lib/api-client.ts';
import { loginBody, passwordField, resetPasswordBody } from '@bo/shared/schemas/account';
import { applyServerErrors, sameAsRule, schemaRule } from '../../components/resource/field-rules.ts';
import { PasswordStrengthMeter } from '../../components/password-strength.tsx';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { useResetPassword } from './api.ts';

interface Values {
  name?: string;
  current_password: string;
  password: string;
  confirm: string;
}

/**
 * Current password, new password with the strength meter of section 5, confirmation; `name` (the
 * forced change) also asks for the admin's name, which the first admin does not have yet.
 */
export function ChangePasswordForm({ onDone, name }: { onDone?: () => void; name?: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const password = Form.useWatch('password', form);
  const [edited, setEdited] = useState(false);
  const unsaved = useUnsavedChanges(edited);
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      className="change-password-form"
      disabled={reset.isPending}
      initialValues={name === undefined ? undefined : { name }}
      onValuesChange={() => setEdited(true)}
      onFinish={async (v) => {
        setError(null);
        try {
          // The reset-password screen goes on to the overview once changed.
          await unsaved.whileSaving(async () => {
            await reset.mutateAsync({
              current_password: v.current_password,
              password: v.password,
              ...(name === undefined ? {} : { name: v.name }),
            });
            setEdited(false);
            form.resetFields();
            onDone?.();
          });
        } catch (e) {
          if (!applyServerErrors(form, e)) setError(errorText(e));
        }
      }}
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      {name === undefined ? null : (
        <Form.Item
          name="name"
          label={t('resetPassword.name')}
          extra={t('resetPassword.nameHint')}
          rules={[{ required: true, whitespace: true, message: t('resetPassword.nameRequired') }, schemaRule(resetPasswordBody.shape.name)]}
        >
          <Input autoComplete="name" maxLength={100} data-testid="reset-password-name" />
        </Form.Item>
      )}
      <Form.Item name="current_password" label={t('resetPassword.current')} rules={[schemaRule(loginBody.shape.password)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('resetPassword.next')}
        rules={[schemaRule(passwordField)]}
        extra={<PasswordStrengthMeter value={password} />}
      >
        <Input.Password autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('resetPassword.confirm')}
        dependencies={['password']}
        rules={[schemaRule(loginBody.shape.password), sameAsRule('password')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={reset.isPending}>
        {t('resetPassword.submit')}
      </Button>
    </Form>
  );
}
