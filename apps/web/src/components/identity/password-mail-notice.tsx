import type { PasswordMail } from '@bo/shared/schemas/admin';
import { ROLES } from '@bo/shared/permissions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import AntApp from 'antd/es/app';
import { useSession } from '../../lib/session.ts';
import { ServerSetting } from '../server-setting.tsx';
import './i18n.ts';

/**
 * Tells the operator where an invitation or reset link went (issue 10: nobody passes passwords on).
 * Without SMTP the mail waits in the outbox: a super admin gets a link to it.
 */
export function usePasswordMailNotice() {
  const { t } = useTranslation('identity-proof');
  const { modal } = AntApp.useApp();
  const session = useSession();
  return (kind: 'invite' | 'reset', name: string, mail: PasswordMail) =>
    modal.success({
      title: t(kind === 'invite' ? 'notice.inviteTitle' : 'notice.resetTitle', { name }),
      content: (
        <div data-testid="password-mail-notice">
          <p>{t(kind === 'invite' ? 'notice.invite' : 'notice.reset', { email: mail.sent_to })}</p>
          {mail.delivery === 'outbox' ? (
            <p>
              {t('notice.outbox')} {session.can(ROLES.debug) ? <Link to="/admin/debug/mail-outbox">{t('notice.openOutbox')}</Link> : null}
              <ServerSetting env="SMTP_URL" />
            </p>
          ) : null}
        </div>
      ),
    });
}
