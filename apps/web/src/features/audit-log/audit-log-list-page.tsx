import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import DatePicker from 'antd/es/date-picker';
import Drawer from 'antd/es/drawer';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Skeleton from 'antd/es/skeleton';
import type { ColumnsType } from 'antd/es/table';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import dayjs from 'dayjs';
import { organizationLabel } from '@bo/shared/schemas/organization';
import { AUDIT_ACTION_CODES, AUDIT_ACTIONS, AUDIT_TARGETS, isAuditTarget } from '@bo/shared/audit-actions';
import { formatDateTime } from '../../i18n/dates.ts';
import { api } from '../../lib/api-client.ts';
import { useDevice } from '../../lib/device.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { DownloadProgress, useDownloads } from '../../components/download-progress.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { ListFilters } from '../../components/resource/list-filters.tsx';
import { dateTimeColumn, ResourceTable } from '../../components/resource/resource-table.tsx';
import { useListParams } from '../../components/resource/use-list-params.ts';
import { organizationOptionsQuery } from '../../lib/organization-options.ts';
import { auditLogListQuery, auditLogQuery, exportAuditLog, type AuditLogEntry } from './api.ts';
import { actorOf, personLabel } from './actor.ts';
import { AuditChainStatusBar } from './audit-chain-status.tsx';
import { AuditDiffTable } from '../../components/audit-labels/audit-diff-table.tsx';
import '../../components/audit-labels/i18n.ts';
import './audit-log.css';

const FILTERS = [
  'actor_id',
  'action',
  'target_type',
  'target_id',
  'target_label',
  'organization_id',
  'date_from',
  'date_to',
  'entry',
] as const;
/** Target types something is recorded on (the audit log itself is append-only: none). */
const TARGETS = AUDIT_TARGETS.filter((x) => AUDIT_ACTIONS[x].length > 0);
/** The actions of the chosen target type, or every action code. */
const actionsOf = (targetType: string | undefined): readonly string[] =>
  targetType && isAuditTarget(targetType) ? AUDIT_ACTIONS[targetType] : AUDIT_ACTION_CODES;

function useLabels() {
  const { t } = useTranslation('audit-log');
  const target = (x: string) => t(`targets.${x}`, { defaultValue: x });
  return {
    action: (a: string) => t(`actions.${a}`, { defaultValue: a }),
    target,
    /** "人員 王小明", or "人員 #3" for an entry written before target labels (migration 0075). */
    targetOf: (e: Pick<AuditLogEntry, 'target_type' | 'target_id' | 'target_label'>) =>
      `${target(e.target_type)}${e.target_label ? ` ${e.target_label}` : e.target_id ? ` #${e.target_id}` : ''}`,
  };
}

/** Target name (prefix) or id: digits search the id, anything else the recorded name. */
function TargetSearch({ id, label, onSearch }: { id?: string; label?: string; onSearch: (v: string) => void }) {
  const { t } = useTranslation('audit-log');
  const current = id ?? label ?? '';
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  return (
    <Input.Search
      allowClear
      style={{ width: 220 }}
      value={text}
      placeholder={t('targetSearch')}
      aria-label={t('targetSearch')}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onSearch(v.trim())}
      data-testid="filter-target-search"
    />
  );
}

function AuditDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('audit-log');
  const { mobile } = useDevice();
  const labels = useLabels();
  const q = useQuery(auditLogQuery(id));
  const orgs = useQuery(organizationOptionsQuery());
  // Ids the diff shows by name (readable.ts `ValueNames`).
  const names = useMemo(() => ({ organization_id: new Map((orgs.data ?? []).map((o) => [o.id, organizationLabel(o)])) }), [orgs.data]);
  const e = q.data;
  const title = `${t('detail')} #${id ?? ''}`;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={title}
      size={mobile ? '100%' : 720}
      data-testid="audit-detail"
      destroyOnHidden
      classNames={{ body: 'audit-detail-body' }}
    >
      {/* A long entry scrolls: the scroller takes focus so the keyboard scrolls it too (WCAG 2.1.1, axe scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable for keyboard users */}
      <section className="audit-detail-scroll" tabIndex={0} aria-label={title}>
        {q.isPending ? (
          <Skeleton active />
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : e ? (
          <>
            <Descriptions
              size="small"
              column={1}
              bordered
              styles={{ label: { whiteSpace: 'nowrap', width: 1 } }}
              items={[
                { key: 'time', label: t('time'), children: formatDateTime(e.created_at, 'YYYY-MM-DD HH:mm:ss') },
                {
                  key: 'actor',
                  label: t('actor'),
                  children: (
                    <>
                      {actorOf(e, t)}
                      {e.impersonator ? (
                        <div>
                          <Tag color="warning">{t('via', { name: personLabel(e.impersonator) })}</Tag>
                        </div>
                      ) : null}
                    </>
                  ),
                },
                { key: 'action', label: t('action'), children: labels.action(e.action) },
                {
                  key: 'target',
                  label: t('target'),
                  children: (
                    <>
                      {labels.targetOf(e)}
                      {e.target_label && e.target_id ? (
                        <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                          {t('targetId', { id: e.target_id })}
                        </Typography.Text>
                      ) : null}
                    </>
                  ),
                },
                { key: 'org', label: t('organization'), children: e.organization ? organizationLabel(e.organization) : '—' },
                { key: 'ip', label: t('ip'), children: e.ip ?? '—' },
                {
                  key: 'ua',
                  label: t('userAgent'),
                  children: (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {e.user_agent ?? '—'}
                    </Typography.Text>
                  ),
                },
              ]}
            />
            <AuditDiffTable targetType={e.target_type} before={e.before} after={e.after} names={names} />
          </>
        ) : null}
      </section>
    </Drawer>
  );
}

export default function AuditLogListPage() {
  const { t } = useTranslation('audit-log');
  const { t: tr } = useTranslation('resource');
  const labels = useLabels();
  const { mobile } = useDevice();
  const list = useListParams(FILTERS, { sort: 'id', order: 'desc' });
  const { entry, ...filters } = list.params.filters;
  const query = useMemo(() => {
    const { entry: _e, ...rest } = list.query;
    return rest;
  }, [list.query]);
  const q = useQuery(auditLogListQuery(query));
  const downloads = useDownloads();
  const [actorSearch, setActorSearch] = useState('');
  const actors = useQuery({
    queryKey: ['/api/admin/admin', 'options', actorSearch],
    queryFn: () =>
      api
        .get<{ data: { id: number; name: string; email: string }[] }>('/api/admin/admin/index', {
          keyword: actorSearch || undefined,
          per_page: 20,
          sort: 'name',
          order: 'asc',
        })
        .then((r) => r.data),
    staleTime: 30_000,
  });
  const orgs = useQuery(organizationOptionsQuery());
  const f = filters;

  const openEntry = (id: number) => list.set({ page: list.params.page, filters: { entry: String(id) } });

  const exportLabel = { xlsx: t('exportXlsx'), csv: t('exportCsv') };
  const exporting = (format: 'xlsx' | 'csv') => downloads.jobs.some((j) => j.label === exportLabel[format]);
  const doExport = (format: 'xlsx' | 'csv') => {
    const { order, keyword } = list.params;
    return downloads.run(exportLabel[format], (p) => exportAuditLog(format, { ...f, order, keyword: keyword || undefined }, p), {
      done: (name) => t('exported', { name }),
    });
  };

  const columns: ColumnsType<AuditLogEntry> = [
    dateTimeColumn('created_at', t('time'), mobile ? 'MM-DD HH:mm' : 'YYYY-MM-DD HH:mm:ss'),
    {
      key: 'actor',
      title: t('actor'),
      render: (_, e) => (
        <>
          {actorOf(e, t)}
          {e.impersonator ? (
            <div>
              <Tag color="warning">{t('via', { name: e.impersonator.name || e.impersonator.email })}</Tag>
            </div>
          ) : null}
        </>
      ),
    },
    { key: 'action', dataIndex: 'action', title: t('action'), sorter: true, render: (a: string) => <Tag>{labels.action(a)}</Tag> },
    {
      key: 'target_type',
      title: t('target'),
      sorter: true,
      render: (_, e) => labels.targetOf(e),
    },
    { key: 'organization', title: t('organization'), render: (_, e) => (e.organization ? organizationLabel(e.organization) : '—') },
    { key: 'ip', dataIndex: 'ip', title: t('ip'), responsive: ['lg'] },
    {
      key: 'view',
      title: tr('actions'),
      fixed: 'right',
      className: 'resource-row-actions',
      render: (_, e) => (
        <Button size="small" onClick={() => openEntry(e.id)} data-testid={`audit-view-${e.id}`}>
          {t('view')}
        </Button>
      ),
    },
  ];

  return (
    <div className="page audit-log-page">
      <PageHeader
        subtitle={q.data?.meta.total_capped ? t('atLeast', { total: q.data.meta.total }) : undefined}
        extra={
          <>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting('xlsx')}
              disabled={downloads.busy}
              onClick={() => void doExport('xlsx')}
              data-testid="export-xlsx"
            >
              {t('exportXlsx')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting('csv')}
              disabled={downloads.busy}
              onClick={() => void doExport('csv')}
              data-testid="export-csv"
            >
              {t('exportCsv')}
            </Button>
          </>
        }
      />
      <AuditChainStatusBar />
      <DownloadProgress jobs={downloads.jobs} testId="export-progress" />
      <ListFilters
        list={list}
        selects={[
          {
            name: 'actor_id',
            label: t('actor'),
            placeholder: t('anyActor'),
            options: (actors.data ?? []).map((a) => ({ value: a.id, label: a.name ? `${a.name} <${a.email}>` : a.email })),
            minWidth: 200,
            showSearch: { filterOption: false, onSearch: setActorSearch },
            testId: 'filter-actor',
            loading: actors.isFetching,
          },
          {
            name: 'action',
            label: t('action'),
            placeholder: t('anyAction'),
            options: actionsOf(f.target_type).map((a) => ({ value: a, label: labels.action(a) })),
            minWidth: 150,
            showSearch: true,
          },
          {
            name: 'target_type',
            label: t('targetType'),
            placeholder: t('anyTarget'),
            options: TARGETS.map((x) => ({ value: x, label: labels.target(x) })),
            minWidth: 150,
            testId: 'filter-target',
          },
          {
            name: 'organization_id',
            label: t('organization'),
            placeholder: t('anyOrganization'),
            options: (orgs.data ?? []).map((o) => ({ value: o.id, label: organizationLabel(o) })),
            minWidth: 180,
            showSearch: { optionFilterProp: 'label' },
          },
        ]}
      >
        <TargetSearch
          id={f.target_id}
          label={f.target_label}
          onSearch={(v) =>
            list.set({ filters: /^\d+$/.test(v) ? { target_id: v, target_label: null } : { target_id: null, target_label: v || null } })
          }
        />
        <DatePicker.RangePicker
          aria-label={t('dateRange')}
          value={f.date_from && f.date_to ? [dayjs(f.date_from), dayjs(f.date_to)] : null}
          onChange={(r) =>
            list.set({ filters: { date_from: r?.[0]?.format('YYYY-MM-DD') ?? null, date_to: r?.[1]?.format('YYYY-MM-DD') ?? null } })
          }
        />
      </ListFilters>
      <ResourceTable<AuditLogEntry>
        testId="audit-table"
        query={q}
        list={list}
        columns={columns}
        tableProps={{
          onRow: (e) => ({
            onClick: (ev) => {
              if (!(ev.target as HTMLElement).closest('button')) openEntry(e.id);
            },
            style: { cursor: 'pointer' },
          }),
        }}
      />
      <AuditDetail id={entry ? Number(entry) : null} onClose={() => list.set({ page: list.params.page, filters: { entry: null } })} />
    </div>
  );
}
