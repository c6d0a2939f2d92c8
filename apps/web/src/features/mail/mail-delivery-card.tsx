import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Statistic from 'antd/es/statistic';
import Typography from 'antd/es/typography';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { formatDateTime } from '../../i18n/dates.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { ServerSetting } from '../../components/server-setting.tsx';
import { mailStatusQuery } from './api.ts';
import './i18n.ts';

/** The outbox screen (another menu group may list it; its path stays). */
const OUTBOX_PATH = '/admin/mail/outbox';

/**
 * Overview card for super admins (issue 26): while mail cannot go out (no SMTP_URL, or delivery
 * failing) it says so, how many mails wait, and where to set it up; nothing while mail goes out.
 */
export function MailDeliveryCard() {
  const { t } = useTranslation('mail');
  const q = useQuery(mailStatusQuery());
  if (q.isPending) return null;
  if (q.isError)
    return (
      <Card title={t('card.title')} className="full-height">
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      </Card>
    );
  const s = q.data;
  if (s.smtp_configured && !s.failing && !s.links_local) return null;
  const mailOk = s.smtp_configured && !s.failing;
  return (
    <Card
      title={
        <span>
          <MailOutlined /> {t('card.title')}
        </span>
      }
      className="full-height"
      data-testid="mail-delivery-card"
      data-state={s.failing ? 'failing' : mailOk ? 'links-local' : 'not-configured'}
      extra={<Link to={OUTBOX_PATH}>{t('card.openOutbox')}</Link>}
    >
      <Flex vertical gap={12}>
        {s.links_local && (
          <Alert
            type="warning"
            showIcon
            data-testid="links-local"
            title={t('card.linksLocal')}
            description={t('card.linksLocalWhy', { origin: s.link_origin })}
          />
        )}
        {!mailOk && (
          <>
            <Alert
              type={s.failing ? 'error' : 'warning'}
              showIcon
              title={s.failing ? t('card.failing', { since: s.since ? formatDateTime(s.since) : '—' }) : t('card.notConfigured')}
              description={s.failing ? s.reason : t('card.notConfiguredWhy')}
            />
            <Statistic title={t('card.waiting')} value={s.waiting} />
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              {t(s.failing ? 'card.fixFailing' : 'card.setUp')} <ServerSetting env="SMTP_URL, MAIL_FROM (docs/configuration.md)" />
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t('card.handover')}</Typography.Text>
          </>
        )}
      </Flex>
    </Card>
  );
}
