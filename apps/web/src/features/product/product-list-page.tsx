import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import { PRODUCT_STATUSES, type Product } from '@bo/shared/schemas/product';
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
import { productsApi } from './api.ts';
import { ProductCategorySelect } from './category-select.tsx';
import { ProductStatusTag } from './product-status-tag.tsx';
import { priceRange } from './product-logic.ts';
import './i18n.ts';
import './product.css';

const FILTERS = ['status', 'category_id'] as const;

/** /admin/product: the products with their price range, stock and instances; filter by status and category. */
export default function ProductListPage() {
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  const { can } = useSession();
  const canWrite = can(ROLES.product);
  const list = useListParams(FILTERS, { sort: 'updated_at', order: 'desc' });
  const f = list.params.filters;
  const q = useQuery(productsApi.list(list.query));
  const del = useDeleteRows(productsApi);
  const patch = productsApi.usePatch();
  const batchPatch = productsApi.useBatchPatch();
  const createPath = adminPath('product/create');

  const setStatus = (p: Product, published: boolean) =>
    void toastOutcome(
      () => patch.mutateAsync({ id: p.id, field: 'status', value: published ? 'published' : 'draft' }),
      t(published ? 'publishedToast' : 'draftToast', { name: p.name }),
    );

  const columns: ColumnsType<Product> = [
    {
      key: 'name',
      title: t('name'),
      sorter: true,
      fixed: 'left',
      render: (_, p) => (
        <Flex gap={8} align="center" className="product-name-cell">
          {p.photos[0] ? (
            <img className="product-thumb" src={p.photos[0].size_list.tiny.url} alt="" />
          ) : (
            <span className="product-thumb product-thumb-empty" aria-hidden>
              <PictureOutlined />
            </span>
          )}
          <Link to={adminPath(`product/${p.id}/update`)}>{p.name}</Link>
        </Flex>
      ),
    },
    { key: 'category', title: t('category'), responsive: ['md'], render: (_, p) => p.category?.name ?? '—' },
    { key: 'price', title: t('price'), align: 'right', className: 'product-num', render: (_, p) => priceRange(p.price_min, p.price_max) },
    {
      key: 'stock',
      title: t('stockTotal'),
      align: 'right',
      className: 'product-num',
      render: (_, p) => p.stock_total.toLocaleString('en-US'),
    },
    {
      key: 'instances',
      title: t('instanceCount'),
      align: 'right',
      className: 'product-num',
      responsive: ['sm'],
      render: (_, p) => p.instance_count,
    },
    { key: 'status', title: t('status'), render: (_, p) => <ProductStatusTag status={p.status} /> },
    {
      key: 'updated_at',
      title: t('updated'),
      sorter: true,
      responsive: ['lg'],
      render: (_, p) => formatDateTime(p.updated_at),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t('published'),
            className: 'resource-row-actions',
            render: (_: unknown, p: Product) => (
              <Switch
                size="small"
                checked={p.status === 'published'}
                loading={patch.isPending && patch.variables?.id === p.id}
                onChange={(on) => setStatus(p, on)}
                aria-label={t('publishSwitch', { name: p.name })}
                data-testid={`product-publish-${p.id}`}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="page product-list-page">
      <PageHeader
        extra={
          <Flex gap={8} wrap>
            <Button onClick={() => navigate(adminPath('product-category'))}>{t('categories')}</Button>
            {canWrite ? <CreateButton to={createPath} label={t('create')} testId="product-create" /> : null}
          </Flex>
        }
      />
      <ListFilters
        list={list}
        placeholder={t('search')}
        selects={[codeSelect(t, 'status', PRODUCT_STATUSES, { placeholder: 'anyStatus', options: 'statuses', minWidth: 120 })]}
      >
        <div className="product-filter-category">
          <ProductCategorySelect
            value={f.category_id ? Number(f.category_id) : null}
            onChange={(v) => list.set({ filters: { category_id: v === null ? null : String(v) } })}
            placeholder={t('anyCategory')}
            testId="filter-category"
          />
        </div>
      </ListFilters>
      <ResourceTable<Product>
        testId="product-table"
        leases={{ targetType: 'product' }}
        query={q}
        list={list}
        order={canWrite ? { apiPath: '/api/admin/product', name: (p) => p.name } : undefined}
        columns={columns}
        emptyText={{ empty: t('empty') }}
        totalText={(total) => t('total', { count: total })}
        emptyAction={
          canWrite ? (
            <Button type="primary" onClick={() => navigate(createPath)}>
              {t('create')}
            </Button>
          ) : undefined
        }
        batchActions={
          canWrite
            ? ({ ids, rows, clear }) => (
                <>
                  {PRODUCT_STATUSES.map((s) => (
                    <Button
                      key={s}
                      onClick={async () => {
                        if (await toastOutcome(() => batchPatch.mutateAsync({ ids, field: 'status', value: s }), t('changed'))) clear();
                      }}
                      data-testid={`product-batch-${s}`}
                    >
                      {t(`batchStatus.${s}`)}
                    </Button>
                  ))}
                  <BatchDeleteButton del={del} ids={ids} names={rows.map((r) => r.name)} clear={clear} testId="product-batch-delete" />
                </>
              )
            : undefined
        }
      />
    </div>
  );
}
