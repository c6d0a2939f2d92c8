import { useTranslation } from 'react-i18next';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { formatDateTime } from '../../i18n/dates.ts';
import type { Member } from './api.ts';
import './i18n.ts';

/** An open invitation on the members list (issue 26): pending or expired, sent when and by whom, and its mail's state. */
export function InvitationState({ invitation }: { invitation: NonNullable<Member['invitation']> }) {
  const { t } = useTranslation('organization');
  const mail = invitation.mail_status ? t(`invitation.mail.${invitation.mail_status}`) : t('invitation.mail.none');
  return (
    <Flex vertical gap={2} data-testid="invitation-state" data-state={invitation.state}>
      <span>
        <Tag color={invitation.state === 'pending' ? 'blue' : 'red'}>{t(`invitation.${invitation.state}`)}</Tag>
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', maxWidth: 320 }}>
        {t(invitation.sent_by ? 'invitation.sentBy' : 'invitation.sent', {
          at: formatDateTime(invitation.sent_at),
          by: invitation.sent_by,
        })}
        {' · '}
        {invitation.state === 'pending' ? t('invitation.until', { at: formatDateTime(invitation.expires_at) }) : null}
        {invitation.state === 'pending' ? ' · ' : null}
        {mail}
      </Typography.Text>
    </Flex>
  );
}
