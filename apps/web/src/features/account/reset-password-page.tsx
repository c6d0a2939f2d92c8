import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Card from 'antd/es/card';
import Alert from 'antd/es/alert';
import { useSession } from '../../lib/session.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { mustChangePassword } from '@bo/shared/token';

/** Where an admin whose default password is unchanged must go first (has_change_default_password false). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { payload } = useSession();
  const forced = !!payload && mustChangePassword(payload);
  return (
    <div className="page narrow-page">
      <PageHeader />
      <Card>
        {forced ? <Alert type="warning" showIcon title={t('resetPassword.intro')} style={{ marginBottom: 16 }} /> : null}
        <ChangePasswordForm
          name={forced ? payload.data.name : undefined}
          onDone={() => {
            toast.success({ title: t('resetPassword.success'), duration: SHELL_TOAST.duration });
            navigate('/admin', { replace: true });
          }}
        />
      </Card>
    </div>
  );
}
