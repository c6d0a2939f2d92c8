import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { PersonalDataInventory, RetentionPreview } from '@bo/shared/schemas/personal-data';
import { PageHeader } from '../../components/page-header.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { RoleTags } from '../../components/resource/role-tags.tsx';
import { inventoryQuery, retentionPreviewQuery } from './api.ts';
import './i18n.ts';

type Rule = RetentionPreview['rules'][number];
type Item = RetentionPreview['items'][number];
type Category = PersonalDataInventory['categories'][number];

/** /admin/personal-data: the retention rules, exactly what the next run touches, and the inventory (issue 37). */
export default function PersonalDataPage() {
  return (
    <div className="page personal-data-page">
      <PageHeader />
      <RetentionCard />
      <InventoryCard />
    </div>
  );
}

function RetentionCard() {
  const { t } = useTranslation('personal-data');
  const q = useQuery(retentionPreviewQuery());
  const rules = [
    { title: t('retention.rule'), key: 'id', render: (r: Rule) => t(`rules.${r.id}`) },
    { title: t('retention.years'), key: 'years', render: (r: Rule) => t('yearsValue', { count: r.years }) },
    { title: t('retention.minimum'), key: 'minimum', render: (r: Rule) => t('yearsValue', { count: r.minimum_years }) },
    { title: t('retention.countsFrom'), key: 'from', render: (r: Rule) => t(`countsFrom.${r.counts_from}`) },
    {
      title: t('retention.citation'),
      key: 'citation',
      render: (r: Rule) => (
        <>
          {r.citation}
          {r.applies ? null : (
            <div>
              <Tag>{t('retention.notStored')}</Tag>
            </div>
          )}
        </>
      ),
    },
  ];
  const items = [
    { title: t('preview.organization'), dataIndex: 'organization_name', key: 'organization' },
    { title: t('preview.name'), dataIndex: 'name', key: 'name' },
    // A departed staff's period counts from the day they left, a health check's from the check day.
    {
      title: t('preview.leftOn'),
      key: 'left_on',
      render: (i: { left_on: string | null; checked_on?: string | null }) => i.left_on ?? i.checked_on,
    },
    { title: t('preview.keptUntil'), dataIndex: 'kept_until', key: 'kept_until' },
    {
      title: t('preview.action'),
      key: 'action',
      render: (i: Item) => <Tag color={i.action === 'erase' ? 'red' : 'orange'}>{t(`action.${i.action}`)}</Tag>,
    },
  ];
  return (
    <Card title={t('retention.title')} className="settings-card" data-testid="retention-card">
      <p className="muted">
        {t('retention.intro')} <Link to="/admin/app-settings">{t('retention.settings')}</Link>
      </p>
      {q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton active />
      ) : (
        <>
          <ScrollRegion label={t('retention.title')}>
            <Table<Rule> rowKey="id" size="small" pagination={false} columns={rules} dataSource={q.data.rules} style={{ minWidth: 640 }} />
          </ScrollRegion>
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
            {t('preview.title')}
          </Typography.Title>
          {q.data.total ? (
            <>
              <p data-testid="retention-preview-summary">
                {t('preview.intro', { day: q.data.day, total: q.data.total })}
                {q.data.items.length < q.data.total ? ` ${t('preview.more', { shown: q.data.items.length, total: q.data.total })}` : null}
              </p>
              <ScrollRegion label={t('preview.title')}>
                <Table<Item>
                  rowKey="staff_id"
                  size="small"
                  columns={items}
                  dataSource={q.data.items}
                  pagination={{ pageSize: 50, hideOnSinglePage: true }}
                  style={{ minWidth: 560 }}
                  data-testid="retention-preview"
                />
              </ScrollRegion>
            </>
          ) : (
            <Empty description={t('preview.empty')} data-testid="retention-preview-empty" />
          )}
        </>
      )}
    </Card>
  );
}

function InventoryCard() {
  const { t } = useTranslation('personal-data');
  const q = useQuery(inventoryQuery());
  const columns = [
    { title: t('inventory.category'), key: 'category', render: (c: Category) => t(`categories.${c.category}`) },
    { title: t('inventory.people'), dataIndex: 'people', key: 'people' },
    { title: t('inventory.records'), dataIndex: 'records', key: 'records' },
    {
      title: t('inventory.places'),
      key: 'places',
      render: (c: Category) => (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {c.places.map((p) => (
            <li key={`${p.table}.${p.column}`}>
              <code>
                {p.table}.{p.column}
              </code>{' '}
              <Tag color={p.encrypted ? 'green' : 'red'}>{p.encrypted ? t('inventory.encrypted') : t('inventory.plain')}</Tag> {p.records}
            </li>
          ))}
        </ul>
      ),
    },
    { title: t('inventory.reveal'), key: 'reveal', render: (c: Category) => <RoleTags roles={c.reveal_roles} /> },
    { title: t('inventory.kept'), key: 'kept', render: (c: Category) => c.retention.map((r) => t(`rules.${r}`)).join('、') },
  ];
  return (
    <Card title={t('inventory.title')} className="settings-card" data-testid="inventory-card">
      <p className="muted">{t('inventory.intro')}</p>
      {q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton active />
      ) : (
        <>
          <ScrollRegion label={t('inventory.title')}>
            <Table<Category>
              rowKey="category"
              size="small"
              pagination={false}
              columns={columns}
              dataSource={q.data.categories}
              style={{ minWidth: 900 }}
            />
          </ScrollRegion>
          <p className="muted">{t('inventory.departed', { departed: q.data.departed_staff, anonymised: q.data.anonymised_staff })}</p>
          <NotifyList notify={q.data.notify} />
        </>
      )}
    </Card>
  );
}

/** Whom the company tells after a leak, with the sources; what could not be confirmed says so. */
function NotifyList({ notify }: { notify: PersonalDataInventory['notify'] }) {
  const { t } = useTranslation('personal-data');
  return (
    <section aria-labelledby="personal-data-notify" data-testid="inventory-notify">
      <Typography.Title level={2} id="personal-data-notify" style={{ fontSize: 16, marginTop: 24 }}>
        {t('notify.title')}
      </Typography.Title>
      <p className="muted">{t('notify.intro')}</p>
      <ul style={{ paddingInlineStart: 20 }}>
        {notify.map((n) => (
          <li key={n.id} data-testid={`notify-${n.id}`} style={{ marginBottom: 8 }}>
            <Typography.Text strong>{t(`notify.${n.id}.whom`, { defaultValue: n.whom })}</Typography.Text>
            {n.confirmed ? null : (
              <Tag color="orange" style={{ marginInlineStart: 8 }}>
                {t('notify.unconfirmed')}
              </Tag>
            )}
            <div>{t(`notify.${n.id}.when`, { defaultValue: n.when })}</div>
            <div className="muted">
              {t('notify.source')}
              {n.citation}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A table wider than a phone (each has a minimum width, so its columns never shrink to a character)
 * scrolls sideways in this region, which takes focus so the keyboard scrolls it too (WCAG 2.1.1, axe
 * scrollable-region-focusable).
 */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable for keyboard users
    <section tabIndex={0} aria-label={label} style={{ overflowX: 'auto' }}>
      {children}
    </section>
  );
}
