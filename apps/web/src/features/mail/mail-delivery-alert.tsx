import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import { formatDateTime } from '../../i18n/dates.ts';
import { ServerSetting } from '../../components/server-setting.tsx';
import { mailStatusQuery } from './api.ts';
import './i18n.ts';

/**
 * "Mail is failing" with the SMTP server's last reason (a wrong password, no TLS) and since when;
 * nothing while mail goes out. `noSmtp`: also say when no SMTP server is set (the outbox page).
 */
export function MailDeliveryAlert({ noSmtp = false }: { noSmtp?: boolean }) {
  const { t } = useTranslation('mail');
  const q = useQuery(mailStatusQuery());
  const s = q.data;
  if (!s) return null;
  if (s.failing)
    return (
      <Alert
        type="error"
        showIcon
        data-testid="mail-failing"
        title={t('status.failing', { count: s.waiting, since: s.since ? formatDateTime(s.since) : '—' })}
        description={s.reason}
        style={{ marginBottom: 16 }}
      />
    );
  if (noSmtp && !s.smtp_configured)
    return (
      <Alert type="info" showIcon title={t('outbox.noSmtp')} description={<ServerSetting env="SMTP_URL" />} style={{ marginBottom: 16 }} />
    );
  return null;
}
