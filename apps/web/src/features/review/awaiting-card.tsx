import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Typography from 'antd/es/typography';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import { ROLES } from '@bo/shared/permissions';
import { REVIEW_TYPES } from '@bo/shared/review-constants';
import type { ReviewWorkflows } from '@bo/shared/schemas/review';
import { api } from '../../lib/api-client.ts';
import { adminPath } from '../../lib/feature.ts';
import { useSession } from '../../lib/session.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { awaitingQuery, REVIEW_WORKFLOWS, reviewKeys } from '../../components/review/review-api.ts';
import { recordPath } from './review-links.ts';
import './i18n.ts';
import './review.css';

/**
 * Overview card 「待我審核」: what the caller may move on, counted per content type, the first few;
 * for a super admin, a suggestion to switch the workflow on where two admins can edit a type.
 */
export default function AwaitingCard() {
  const { t } = useTranslation('review-admin');
  const navigate = useNavigate();
  const { can } = useSession();
  const superAdmin = can(ROLES.superAdmin);
  const q = useQuery(awaitingQuery());
  const workflows = useQuery({
    queryKey: reviewKeys.workflows,
    queryFn: () => api.get<ReviewWorkflows>(REVIEW_WORKFLOWS, null, { silent: true }),
    enabled: superAdmin,
  });
  const suggest = workflows.data?.data.filter((w) => !w.enabled && (workflows.data.editors[w.target_type] ?? 0) >= 2) ?? [];
  return (
    <Card
      title={
        <span>
          <AuditOutlined /> {t('cardTitle')}
        </span>
      }
      className="review-awaiting-card full-height"
      data-testid="review-awaiting-card"
      extra={
        <Button type="link" onClick={() => navigate(adminPath('review'))}>
          {t('viewAll')}
        </Button>
      }
    >
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <div className="review-figures">
            {REVIEW_TYPES.map((type) => (
              <Statistic key={type} title={t(`types.${type}`)} value={q.data.counts[type] ?? 0} />
            ))}
          </div>
          {q.data.data.length === 0 ? (
            <Typography.Text type="secondary">{t('none')}</Typography.Text>
          ) : (
            <ul className="review-card-list">
              {q.data.data.slice(0, 5).map((r) => (
                <li key={`${r.target_type}:${r.target_id}`}>
                  <Link to={recordPath(r.target_type, r.target_id)}>
                    {t(`types.${r.target_type}`)} · {r.title || `#${r.target_id}`}
                  </Link>
                  {r.author ? <Typography.Text type="secondary"> · {r.author.name}</Typography.Text> : null}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {suggest.length ? (
        <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }} data-testid="review-suggest">
          {t('suggest', { types: suggest.map((w) => t(`types.${w.target_type}`)).join(t('separator')) })}{' '}
          <Link to={adminPath('app-settings/review')}>{t('suggestLink')}</Link>
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
