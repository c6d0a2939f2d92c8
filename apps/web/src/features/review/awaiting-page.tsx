import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { REVIEW_TYPES, type ReviewListItem, type ReviewType } from '@bo/shared/schemas/review';
import { formatDateTime } from '../../i18n/dates.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { awaitingQuery, STAGE_COLOR } from '../../components/review/review-api.ts';
import { recordPath } from './review-links.ts';
import './i18n.ts';
import './review.css';

/** /admin/review: 「待我審核」, every item the caller may move on (never their own versions), by content type. */
export default function AwaitingPage() {
  const { t } = useTranslation('review-admin');
  const [search, setSearch] = useSearchParams();
  const type = REVIEW_TYPES.includes(search.get('type') as ReviewType) ? (search.get('type') as ReviewType) : undefined;
  const q = useQuery(awaitingQuery());
  const rows = (q.data?.data ?? []).filter((r) => !type || r.target_type === type);
  return (
    <div className="page review-awaiting-page">
      <PageHeader />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          value={type}
          placeholder={t('anyType')}
          aria-label={t('type')}
          style={{ minWidth: 160 }}
          onChange={(v?: ReviewType) => setSearch(v ? { type: v } : {}, { replace: true })}
          options={REVIEW_TYPES.map((v) => ({
            value: v,
            label: `${t(`types.${v}`)}${q.data ? ` (${q.data.counts[v] ?? 0})` : ''}`,
          }))}
          data-testid="review-type-filter"
        />
      </Flex>
      {q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Table<ReviewListItem>
          rowKey={(r) => `${r.target_type}:${r.target_id}`}
          loading={q.isPending}
          dataSource={rows}
          pagination={rows.length > 20 ? { pageSize: 20 } : false}
          scroll={{ x: 'max-content' }}
          data-testid="review-awaiting-table"
          locale={{ emptyText: <EmptyState description={type ? t('noneOfType') : t('none')} /> }}
          columns={[
            {
              key: 'title',
              title: t('title'),
              fixed: 'left',
              render: (_, r) => <Link to={recordPath(r.target_type, r.target_id)}>{r.title || `#${r.target_id}`}</Link>,
            },
            { key: 'type', title: t('type'), render: (_, r) => t(`types.${r.target_type}`) },
            {
              key: 'stage',
              title: t('stage'),
              render: (_, r) => <Tag color={STAGE_COLOR[r.stage] ?? 'purple'}>{t(`stages.${r.stage}`, { defaultValue: r.stage })}</Tag>,
            },
            { key: 'author', title: t('author'), render: (_, r) => r.author?.name ?? '—' },
            { key: 'updated_at', title: t('updated'), render: (_, r) => (r.updated_at ? formatDateTime(r.updated_at) : '—') },
          ]}
        />
      )}
    </div>
  );
}
