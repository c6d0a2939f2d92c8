import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import { PAGE_STATUSES, PAGE_TYPES, type Page } from '@bo/shared/schemas/page';
import { ROLES } from '@bo/shared/permissions';
import { formatDateTime } from '../../i18n/dates.ts';
import { adminPath } from '../../lib/feature.ts';
import { useSession } from '../../lib/session.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { CreateButton } from '../../components/resource/create-button.tsx';
import { BatchDeleteButton } from '../../components/resource/batch-delete-button.tsx';
import { codeSelect, ListFilters } from '../../components/resource/list-filters.tsx';
import { ResourceTable } from '../../components/resource/resource-table.tsx';
import { toastOutcome } from '../../components/resource/toast-outcome.ts';
import { useDeleteRows } from '../../components/resource/use-delete-rows.ts';
import { useListParams } from '../../components/resource/use-list-params.ts';
import { pagesApi } from './api.ts';
import { CategorySelect } from './category-select.tsx';
import { PageStatusTag } from './page-status-tag.tsx';
import './i18n.ts';

const FILTERS = ['type', 'status', 'category_id'] as const;

/** /admin/page: every page, news item and project case; filter by type, status and category. */
export default function PageListPage() {
  const { t } = useTranslation('page');
  const navigate = useNavigate();
  const { can } = useSession();
  const canWrite = can(ROLES.page);
  const list = useListParams(FILTERS, { sort: 'updated_at', order: 'desc' });
  const f = list.params.filters;
  const q = useQuery(pagesApi.list(list.query));
  const del = useDeleteRows(pagesApi);
  const patch = pagesApi.usePatch();
  const createPath = `${adminPath('page/create')}?type=${f.type ?? 'article'}`;

  const columns: ColumnsType<Page> = [
    {
      key: 'title',
      title: t('title'),
      sorter: true,
      render: (_, p) => <Link to={adminPath(`page/${p.id}/update`)}>{p.title}</Link>,
    },
    { key: 'type', title: t('type'), render: (_, p) => t(`types.${p.type}`) },
    { key: 'category', title: t('category'), responsive: ['md'], render: (_, p) => p.category?.name ?? '—' },
    { key: 'status', title: t('status'), render: (_, p) => <PageStatusTag page={p} /> },
    {
      key: 'published_at',
      title: t('publishedAt'),
      sorter: true,
      responsive: ['lg'],
      render: (_, p) => (p.published_at ? formatDateTime(p.published_at) : '—'),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: '',
            className: 'resource-row-actions',
            render: (_: unknown, p: Page) => (
              <Flex gap={4}>
                {p.status === 'published' ? (
                  <Button
                    size="small"
                    onClick={() =>
                      void toastOutcome(() => patch.mutateAsync({ id: p.id, field: 'status', value: 'unpublished' }), t('changed'))
                    }
                  >
                    {t('unpublish')}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    onClick={() =>
                      void toastOutcome(() => patch.mutateAsync({ id: p.id, field: 'status', value: 'published' }), t('changed'))
                    }
                  >
                    {t('publish')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="page page-list-page">
      <PageHeader
        extra={
          <Flex gap={8} wrap>
            <Button onClick={() => navigate(adminPath('page-category'))}>{t('categories')}</Button>
            {canWrite ? <CreateButton to={createPath} label={t('create')} testId="page-create" /> : null}
          </Flex>
        }
      />
      <ListFilters
        list={list}
        placeholder={t('search')}
        selects={[
          codeSelect(t, 'type', PAGE_TYPES, { placeholder: 'anyType', options: 'types', minWidth: 130, clears: ['category_id'] }),
          codeSelect(t, 'status', PAGE_STATUSES, { placeholder: 'anyStatus', options: 'statuses', minWidth: 120 }),
        ]}
      >
        {f.type ? (
          <div style={{ minWidth: 160 }}>
            <CategorySelect
              type={f.type as (typeof PAGE_TYPES)[number]}
              value={f.category_id ? Number(f.category_id) : null}
              onChange={(v) => list.set({ filters: { category_id: v === null ? null : String(v) } })}
              placeholder={t('anyCategory')}
            />
          </div>
        ) : null}
      </ListFilters>
      <ResourceTable<Page>
        testId="page-table"
        leases={{ targetType: 'page' }}
        query={q}
        list={list}
        order={canWrite ? { apiPath: '/api/admin/page', scope: { type: 'default' }, name: (p) => p.title } : undefined}
        columns={columns}
        emptyText={{ empty: t('empty') }}
        emptyAction={
          canWrite ? (
            <Button type="primary" onClick={() => navigate(createPath)}>
              {t('create')}
            </Button>
          ) : undefined
        }
        batchActions={
          canWrite
            ? ({ ids, rows, clear }) => <BatchDeleteButton del={del} ids={ids} names={rows.map((r) => r.title)} clear={clear} />
            : undefined
        }
      />
    </div>
  );
}
