import type { PasswordMail } from '@bo/shared/schemas/admin';
import { ROLES } from '@bo/shared/permissions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import AntApp from 'antd/es/app';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { formatDateTime } from '../../i18n/dates.ts';
import { useSession } from '../../lib/session.ts';
import { CopyButton } from '../copy-button.tsx';
import { ServerSetting } from '../server-setting.tsx';
import './i18n.ts';

export type PasswordMailKind = 'invite' | 'resend' | 'reset';

/** The one-time link of a mail that could not go out, to hand over (issue 26): shown here once, never again. */
function LinkHandover({ handover }: { handover: NonNullable<PasswordMail['handover']> }) {
  const { t } = useTranslation('identity-proof');
  return (
    <Flex vertical gap={8} data-testid="handover">
      <Flex gap={8}>
        <Input
          readOnly
          value={handover.link}
          aria-label={t('notice.linkLabel')}
          data-testid="handover-link"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={handover.link} data-testid="handover-copy">
          {t('notice.copy')}
        </CopyButton>
      </Flex>
      <Typography.Text type="secondary">{t('notice.expires', { at: formatDateTime(handover.expires_at) })}</Typography.Text>
    </Flex>
  );
}

/**
 * Tells the inviter where an invitation or reset link went (issue 10: nobody passes passwords on),
 * and the truth about its mail (issue 26): sent by the mail server, or waiting in the outbox (no
 * SMTP_URL, or delivery failing), in which case the mail's one-time link is shown to hand over.
 */
export function usePasswordMailNotice() {
  const { t } = useTranslation('identity-proof');
  const { modal } = AntApp.useApp();
  const session = useSession();
  return (kind: PasswordMailKind, name: string, mail: PasswordMail) => {
    const mailKind = kind === 'reset' ? 'reset' : 'invite';
    const content = (
      <div data-testid="password-mail-notice" data-delivery={mail.delivery}>
        {mail.delivery === 'smtp' ? (
          <p>{t(`notice.${mailKind}`, { email: mail.sent_to })}</p>
        ) : (
          <>
            <p>
              {t(mail.delivery === 'failing' ? 'notice.failing' : 'notice.outbox', { email: mail.sent_to })}{' '}
              {session.can(ROLES.debug) ? <Link to="/admin/mail/outbox">{t('notice.openOutbox')}</Link> : null}
              {mail.delivery === 'outbox' ? <ServerSetting env="SMTP_URL" /> : null}
            </p>
            <p>{t(`notice.${mailKind}Handover`, { name })}</p>
          </>
        )}
        {kind === 'resend' ? <p>{t('notice.previousDead')}</p> : null}
        {mail.handover ? <LinkHandover handover={mail.handover} /> : null}
      </div>
    );
    const title = t(`notice.${kind}Title`, { name });
    return mail.delivery === 'smtp' ? modal.success({ title, content }) : modal.warning({ title, content, width: 560 });
  };
}
