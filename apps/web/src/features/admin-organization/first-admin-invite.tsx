import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import type { PasswordMail } from '@bo/shared/schemas/admin';
import type { OrganizationMemberView } from '@bo/shared/schemas/organization-members';
import { ApiError, api, errorText } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { usePasswordMailNotice } from '../../components/identity/password-mail-notice.tsx';
import { adminOrganizationApi } from './api.ts';
import './i18n.ts';

/**
 * Issue 42, item 8: a new organization's first admin, invited by e-mail through the organization
 * members' invitation (so the link, its mail and its hand-over when mail cannot go out are the same).
 * Both fields are optional; an e-mail needs a name.
 */
export function FirstAdminFields() {
  const { t } = useTranslation('admin-organization');
  return (
    <Card size="small" title={t('firstAdmin')} style={{ marginBottom: 16 }} data-testid="first-admin">
      <Typography.Paragraph type="secondary">{t('firstAdminHint')}</Typography.Paragraph>
      <Form.Item name="first_admin_email" label={t('firstAdminEmail')} rules={[{ type: 'email', message: t('firstAdminEmailInvalid') }]}>
        <Input type="email" autoComplete="off" maxLength={200} data-testid="first-admin-email" />
      </Form.Item>
      <Form.Item
        name="first_admin_name"
        label={t('firstAdminName')}
        dependencies={['first_admin_email']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, v?: string) =>
              getFieldValue('first_admin_email')?.trim() && !v?.trim()
                ? Promise.reject(new Error(t('firstAdminNameRequired')))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input maxLength={100} data-testid="first-admin-name" />
      </Form.Item>
    </Card>
  );
}

/** Invites the first admin of the organization just created, as its organization admin. */
export function useInviteFirstAdmin() {
  const { t } = useTranslation('admin-organization');
  const qc = useQueryClient();
  const notice = usePasswordMailNotice();
  return async (organizationId: number, email: string, name: string) => {
    try {
      const r = await api.post<{ member: OrganizationMemberView; invitation: PasswordMail }>('/api/admin/organization/member/invite', {
        email: email.trim(),
        name: name.trim(),
        sub_account_roles: ['SUB_ACCOUNT_ROLE_ADMIN'],
        organization_id: organizationId,
      });
      void qc.invalidateQueries({ queryKey: adminOrganizationApi.one(String(organizationId)).queryKey });
      notice('invite', r.member.name || r.member.email, r.invitation);
    } catch (e) {
      const field = e instanceof ApiError ? Object.values(e.errors ?? {})[0]?.[0] : undefined;
      toast.error({
        title: t('firstAdminFailed'),
        description: field?.startsWith('validate.error.')
          ? t(`firstAdminErrors.${field.slice('validate.error.'.length)}`, { defaultValue: errorText(e) })
          : errorText(e),
        duration: false,
      });
    }
  };
}
