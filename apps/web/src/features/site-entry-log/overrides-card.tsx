import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import { adminPath } from '../../lib/feature.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { overridesQuery } from './api.ts';
import { reasonWords } from './entry-words.tsx';
import './entry-log.css';
import './i18n.ts';

/**
 * The overview's card of the latest overrides (issue 39 point 2): refused workers the site
 * director let in, with the site, the worker, the director, the reason and the time; audited on the server.
 */
export function OverridesCard({ limit = 10 }: { limit?: number }) {
  const { t, i18n } = useTranslation('site-entry-log');
  const q = useQuery(overridesQuery(limit));
  return (
    <Card
      title={
        <span>
          <SafetyOutlined /> {t('overrides.title')}
        </span>
      }
      className="full-height"
      loading={q.isPending}
      data-testid="overrides-card"
    >
      <Typography.Paragraph type="secondary">{t('overrides.hint')}</Typography.Paragraph>
      {q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data?.data.length ? (
        <EmptyState description={t('overrides.none')} />
      ) : (
        <ul className="overrides-list" data-testid="overrides-list">
          {q.data.data.map((e) => {
            const refused = reasonWords(
              e.reasons.filter((r) => r.blocking),
              i18n.language,
            );
            return (
              <li key={e.id} data-testid="override-row">
                <div>
                  <strong>{e.staff_name ?? '—'}</strong>
                  {e.company_name ? <span className="muted">（{e.company_name}）</span> : null} ·{' '}
                  <Link to={adminPath(`site/${e.site_id}/update`)}>{e.site_name}</Link>
                </div>
                <div>
                  {t('overrides.director')}：{e.override_admin_name ?? '—'} · {t('overrides.reason')}：{e.override_reason ?? '—'}
                </div>
                {refused.length ? (
                  <div className="muted">
                    {t('overrides.refused')}：{refused.join('、')}
                  </div>
                ) : null}
                <div className="muted">{formatDateTime(e.override_at ?? e.scanned_at)}</div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
