import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Card from 'antd/es/card';
import Statistic from 'antd/es/statistic';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import { ROLES } from '@bo/shared/permissions';
import { DEFAULT_EXPIRY_WINDOW_DAYS } from '@bo/shared/schemas/staff';
import { useActiveOrganization, useSession } from '../../lib/session.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { expirationQuery } from './api.ts';
import { CertificateStatusTag } from './certificate-status-tag.tsx';
import './i18n.ts';
import './staff.css';

/**
 * Overview card: certificates of the active organization that lapsed or lapse within `days`
 * (never send someone whose safety certificates have lapsed). Renders nothing without a staff role
 * or an active organization, so it can sit on any overview.
 */
export function CertificateExpiryCard({ days = DEFAULT_EXPIRY_WINDOW_DAYS }: { days?: number }) {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const { can } = useSession();
  const { organization } = useActiveOrganization();
  const allowed = can(ROLES.staffRead) && !!organization;
  const q = useQuery({ ...expirationQuery(days), enabled: allowed });
  if (!allowed) return null;
  const title = (
    <span>
      <SafetyCertificateOutlined /> {t('expiryTitle')} <Typography.Text type="secondary">({t('expiryWindow', { days })})</Typography.Text>
    </span>
  );
  return (
    <Card
      title={title}
      className="certificate-expiry-card full-height"
      data-testid="certificate-expiry-card"
      extra={
        <Button type="link" onClick={() => navigate('/admin/staff?certificate_status=attention')}>
          {t('viewStaff')}
        </Button>
      }
    >
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.data.length === 0 ? (
        <Typography.Text type="secondary">{t('expiryNone', { days })}</Typography.Text>
      ) : (
        <>
          <div className="expiry-figures">
            <Statistic
              title={t('expiryExpired')}
              value={q.data.expired_count}
              styles={{ content: { color: q.data.expired_count ? '#ff4d4f' : undefined } }}
            />
            <Statistic
              title={t('expiryExpiring')}
              value={q.data.expiring_count}
              styles={{ content: { color: q.data.expiring_count ? '#faad14' : undefined } }}
            />
          </div>
          <Typography.Text type="secondary">{t('expiryStaff', { count: q.data.staff_count })}</Typography.Text>
          <ul>
            {q.data.data.slice(0, 5).map((c) => (
              <li key={c.id}>
                <Typography.Link onClick={() => navigate(`/admin/staff/${c.staff_id}/update`)} ellipsis>
                  {c.staff_display_name} · {c.certificate_type_name}
                </Typography.Link>
                <CertificateStatusTag
                  status={c.status}
                  text={
                    c.days_left < 0
                      ? t('daysAgo', { count: -c.days_left })
                      : c.days_left === 0
                        ? t('today')
                        : t('daysLeft', { count: c.days_left })
                  }
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
