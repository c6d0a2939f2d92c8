import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Pagination from 'antd/es/pagination';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { DUE_STATUSES, type DueStatus } from '@bo/shared/compliance/vocabulary';
import type { ComplianceItem, ComplianceSummary, ComplianceWorker } from '@bo/shared/schemas/compliance-dashboard';
import { formatDay } from '../../i18n/index.ts';
import { adminPath } from '../../lib/feature.ts';
import { useDevice } from '../../lib/device.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { TableScrollRegion } from '../../components/table-scroll-region.tsx';
import { DownloadProgress, useDownloads } from '../../components/download-progress.tsx';
import { ListFilters, type FilterSelectSpec } from '../../components/resource/list-filters.tsx';
import { useListParams } from '../../components/resource/use-list-params.ts';
import {
  exportTemplatesQuery,
  exportWorkbook,
  itemsQuery,
  organizationsQuery,
  summaryQuery,
  type ComplianceScope,
  type Query,
} from './api.ts';
import { DueStatusTag, STATUS_COLORS } from './due-status-tag.tsx';
import { inLanguage, reasonSentence } from './reason-sentence.ts';
import './compliance.css';
import './i18n.ts';

const FILTERS = ['site_id', 'contractor_id', 'rule_key', 'status', 'organization_id'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * The compliance dashboard (issue 38 part 5): counts by status that filter the list when chosen, counts
 * by site, the filters, the workers with what each lacks, and the export. `siteId` fixes one site (the
 * site page's view); `scope: 'across'` reads every organization (company-wide safety officers).
 */
export function ComplianceDashboard({ scope, siteId }: { scope: ComplianceScope; siteId?: number }) {
  const { t, i18n } = useTranslation('compliance');
  const { mobile } = useDevice();
  const downloads = useDownloads();
  const list = useListParams<Filter>(FILTERS, { sort: 'worst', order: 'desc' });
  const f = list.params.filters;
  const fixed: Query = siteId ? { site_id: siteId } : {};
  const narrowing: Query = {
    ...pick(f, ['site_id', 'contractor_id', 'rule_key', ...(scope === 'across' ? (['organization_id'] as const) : [])]),
    ...fixed,
  };
  const summary = useQuery(summaryQuery(scope, narrowing));
  const itemQuery: Query = { ...list.query, ...fixed };
  if (scope !== 'across') delete itemQuery.organization_id;
  const items = useQuery(itemsQuery(scope, itemQuery));
  const organizations = useQuery({ ...organizationsQuery(), enabled: scope === 'across' });
  const templates = useQuery({ ...exportTemplatesQuery(), enabled: scope === 'organization' });
  const [templateId, setTemplateId] = useState<number | null>(null);

  if (summary.isError) return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  const s = summary.data;
  if (s && s.roster_count === 0 && !list.filtered)
    return (
      <Card>
        <EmptyState
          description={
            <>
              <strong>{t('empty.title')}</strong>
              <br />
              {t('empty.hint')}
            </>
          }
          action={<Link to={adminPath('sites')}>{t('empty.action')}</Link>}
        />
      </Card>
    );

  const selects: FilterSelectSpec<Filter>[] = [
    ...(scope === 'across'
      ? [
          {
            name: 'organization_id' as const,
            label: t('filters.organization'),
            placeholder: t('filters.organization'),
            options: (organizations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
            clears: ['site_id', 'contractor_id'] as const,
            showSearch: { optionFilterProp: 'label' },
          },
        ]
      : []),
    ...(siteId
      ? []
      : [
          {
            name: 'site_id' as const,
            label: t('filters.site'),
            placeholder: t('filters.site'),
            options: (s?.sites ?? []).map((x) => ({ value: String(x.id), label: x.name })),
            showSearch: { optionFilterProp: 'label' },
          },
        ]),
    {
      name: 'contractor_id',
      label: t('filters.contractor'),
      placeholder: t('filters.contractor'),
      options: (s?.contractors ?? []).map((x) => ({ value: String(x.id), label: x.name })),
      showSearch: { optionFilterProp: 'label' },
    },
    {
      name: 'rule_key',
      label: t('filters.rule'),
      placeholder: t('filters.rule'),
      options: (s?.rules ?? []).map((r) => ({ value: r.rule_key, label: inLanguage(i18n.language, r.title) ?? r.rule_key })),
      showSearch: { optionFilterProp: 'label' },
      minWidth: 180,
    },
    {
      name: 'status',
      label: t('filters.status'),
      placeholder: t('filters.status'),
      options: DUE_STATUSES.map((st) => ({ value: st, label: t(`status.${st}`) })),
    },
  ];

  return (
    <Flex vertical gap={16} className="compliance-dashboard" data-testid="compliance-dashboard">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <span className="muted">{s ? t('asOf', { date: formatDay(s.today) }) : null}</span>
        {scope === 'organization' ? (
          <Space.Compact className="compliance-export">
            <Select
              aria-label={t('exportTemplate')}
              data-testid="compliance-export-template"
              value={templateId ?? 0}
              onChange={(v: number) => setTemplateId(v || null)}
              popupMatchSelectWidth={false}
              options={[
                { value: 0, label: t('exportPlain') },
                ...(templates.data?.data ?? []).map((x) => ({ value: x.id, label: x.name })),
              ]}
            />
            <Button
              icon={<DownloadOutlined />}
              disabled={downloads.busy || !items.data?.meta.total}
              onClick={() =>
                void downloads.run(t('exportName'), (p) =>
                  exportWorkbook({ ...withoutPage(itemQuery), ...(templateId ? { template_id: templateId } : {}) }, p),
                )
              }
              data-testid="compliance-export"
            >
              {t('export')}
            </Button>
          </Space.Compact>
        ) : null}
      </Flex>
      <DownloadProgress jobs={downloads.jobs} />
      <StatusCards
        summary={s}
        active={f.status as DueStatus | undefined}
        onPick={(st) => list.set({ filters: { status: f.status === st ? null : st } })}
      />
      {siteId ? null : <SiteTable summary={s} loading={summary.isPending} scope={scope} />}
      <Card title={t('list.title')} size="small">
        <Flex vertical gap={12}>
          <ListFilters list={list} selects={selects} placeholder={t('filters.keyword')} />
          {items.isError ? (
            <ErrorState error={items.error} onRetry={() => void items.refetch()} />
          ) : (
            <WorkerList
              rows={items.data?.data ?? []}
              loading={items.isPending || items.isPlaceholderData}
              mobile={mobile}
              across={scope === 'across'}
              empty={list.filtered ? t('list.noMatch') : t('list.allClear')}
            />
          )}
          {items.data && items.data.meta.total > 0 ? (
            <Pagination
              size="small"
              align="end"
              current={items.data.meta.page}
              pageSize={items.data.meta.per_page}
              total={items.data.meta.total}
              showTotal={(n) => t('list.total', { count: n })}
              onChange={(page, per_page) => list.set({ page, per_page })}
            />
          ) : null}
        </Flex>
      </Card>
    </Flex>
  );
}

function pick(f: Partial<Record<Filter, string>>, names: readonly Filter[]): Query {
  const out: Query = {};
  for (const n of names) if (f[n]) out[n] = f[n]!;
  return out;
}

function withoutPage(q: Query): Query {
  const { page: _p, per_page: _pp, ...rest } = q;
  return rest;
}

function StatusCards({
  summary,
  active,
  onPick,
}: {
  summary: ComplianceSummary | undefined;
  active: DueStatus | undefined;
  onPick(status: DueStatus): void;
}) {
  const { t } = useTranslation('compliance');
  return (
    <fieldset className="compliance-cards" aria-label={t('cardsLabel')} data-testid="compliance-cards">
      {DUE_STATUSES.map((st) => (
        <button
          key={st}
          type="button"
          className={`compliance-card compliance-card-${STATUS_COLORS[st]}`}
          aria-pressed={active === st}
          onClick={() => onPick(st)}
          data-testid={`status-card-${st}`}
        >
          <span className="compliance-card-count">{summary ? summary.counts[st] : '—'}</span>
          <span className="compliance-card-label">{t(`status.${st}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}

function SiteTable({ summary, loading, scope }: { summary: ComplianceSummary | undefined; loading: boolean; scope: ComplianceScope }) {
  const { t } = useTranslation('compliance');
  type SiteRow = ComplianceSummary['sites'][number];
  return (
    <Card title={t('sites.title')} size="small">
      <TableScrollRegion label={t('sites.title')}>
        <Table<SiteRow>
          rowKey="id"
          size="small"
          loading={loading}
          dataSource={summary?.sites ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="compliance-sites"
          columns={[
            {
              key: 'name',
              title: t('sites.site'),
              fixed: 'left',
              render: (_, r) => (scope === 'organization' ? <Link to={adminPath(`sites/${r.id}/compliance`)}>{r.name}</Link> : r.name),
            },
            ...(scope === 'across'
              ? [{ key: 'organization', title: t('sites.organization'), render: (_: unknown, r: SiteRow) => r.organization?.name }]
              : []),
            ...DUE_STATUSES.map((st) => ({
              key: st,
              title: t(`status.${st}`),
              align: 'right' as const,
              render: (_: unknown, r: SiteRow) => r.counts[st],
            })),
          ]}
        />
      </TableScrollRegion>
    </Card>
  );
}

function ItemLines({ items }: { items: ComplianceItem[] }) {
  const { t, i18n } = useTranslation('compliance');
  return (
    <ul className="compliance-items">
      {items.map((i) => (
        <li key={i.rule_key}>
          <DueStatusTag status={i.status} /> <strong>{inLanguage(i18n.language, i.title) ?? i.rule_key}</strong>
          {i.due_on ? (
            <span className="compliance-item-date">
              {' '}
              {t('list.dueOn')} {formatDay(i.due_on)}
            </span>
          ) : null}
          {i.window_opens_on ? (
            <span className="compliance-item-date">
              {' '}
              · {t('list.windowOpens')} {formatDay(i.window_opens_on)}
            </span>
          ) : null}
          <div className="compliance-item-reason">{reasonSentence(i18n.language, i)}</div>
          {i.citation ? <div className="muted compliance-item-citation">{inLanguage(i18n.language, i.citation)}</div> : null}
        </li>
      ))}
    </ul>
  );
}

function useRoleLabel() {
  const { t, i18n } = useTranslation('compliance');
  return (role: string) => (i18n.exists(`siteRoles.${role}`, { ns: 'compliance' }) ? t(`siteRoles.${role}`) : role);
}

function WorkerList({
  rows,
  loading,
  mobile,
  across,
  empty,
}: {
  rows: ComplianceWorker[];
  loading: boolean;
  mobile: boolean;
  across: boolean;
  empty: string;
}) {
  const { t } = useTranslation('compliance');
  const roleLabel = useRoleLabel();
  const company = (w: ComplianceWorker) => w.staff.company ?? t('list.ownCompany');
  if (mobile) {
    if (!loading && rows.length === 0) return <EmptyState description={empty} />;
    return (
      <Flex vertical gap={8} data-testid="compliance-workers">
        {rows.map((w) => (
          <Card key={w.roster_id} size="small" loading={loading} className="compliance-worker-card">
            <Flex justify="space-between" align="start" gap={8}>
              <div>
                <strong>{w.staff.name}</strong>
                <div className="muted">
                  {company(w)} · {w.site.name} · {roleLabel(w.site_role)}
                  {across && w.organization ? ` · ${w.organization.name}` : ''}
                </div>
              </div>
              <DueStatusTag status={w.worst_status} />
            </Flex>
            <ItemLines items={w.items} />
          </Card>
        ))}
      </Flex>
    );
  }
  return (
    <TableScrollRegion label={t('list.title')}>
      <Table<ComplianceWorker>
        rowKey="roster_id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState description={empty} /> }}
        data-testid="compliance-workers"
        columns={[
          {
            key: 'staff',
            title: t('list.staff'),
            fixed: 'left',
            render: (_, w) => (
              <>
                <strong>{w.staff.name}</strong>
                <div className="muted">{company(w)}</div>
              </>
            ),
          },
          ...(across
            ? [{ key: 'organization', title: t('sites.organization'), render: (_: unknown, w: ComplianceWorker) => w.organization?.name }]
            : []),
          { key: 'site', title: t('list.site'), render: (_, w) => w.site.name },
          { key: 'site_role', title: t('list.siteRole'), render: (_, w) => roleLabel(w.site_role) },
          { key: 'worst', title: t('list.worst'), render: (_, w) => <DueStatusTag status={w.worst_status} /> },
          { key: 'items', title: t('list.items'), render: (_, w) => <ItemLines items={w.items} /> },
        ]}
      />
    </TableScrollRegion>
  );
}
