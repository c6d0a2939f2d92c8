import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ColumnsType } from 'antd/es/table';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import WifiOutlined from '@ant-design/icons/WifiOutlined';
import { daysBetween, todayInTaipei } from '@bo/shared/dates';
import type { Site } from '@bo/shared/schemas/site';
import { formatDay } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ResourceTable } from '../../components/resource/resource-table.tsx';
import { DownloadProgress, useDownloads } from '../../components/download-progress.tsx';
import { useLocalList } from '../../components/resource/use-local-list.ts';
import { ATTENDANCE_MAX_DAYS, attendanceWorkbook, entriesQuery, onSiteQuery, type Entry } from './api.ts';
import { ReasonList, VerdictTag } from './entry-words.tsx';
import './entry-log.css';
import './i18n.ts';

/**
 * A site's entry log (issue 39 point 4): today's counts and who is on site now, the entries of a day
 * (verdict and override filters, reasons in words, offline scans marked, by whom and on which device),
 * and the attendance workbook for the labour inspector.
 */
export function EntryLogTab({ site }: { site: Site }) {
  return (
    <Flex vertical gap={16} data-testid="site-entry-log">
      <OnSiteNow siteId={site.id} />
      <Entries siteId={site.id} />
      <AttendanceExport site={site} />
    </Flex>
  );
}

const COUNTS = ['scans', 'admitted', 'refused', 'overridden'] as const;

function OnSiteNow({ siteId }: { siteId: number }) {
  const { t } = useTranslation('site-entry-log');
  const q = useQuery(onSiteQuery(siteId));
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const s = q.data;
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={2} className="entry-log-heading">
        {t('today', { day: formatDay(s?.day ?? todayInTaipei()) })}
      </Typography.Title>
      <ul className="entry-log-counts" data-testid="entry-log-counts">
        {COUNTS.map((c) => (
          <li key={c} className={`entry-log-count entry-log-count-${c}`} data-testid={`entry-count-${c}`}>
            <span className="entry-log-count-value">{s ? s.counts[c] : '—'}</span>
            <span className="entry-log-count-label">{t(`counts.${c}`)}</span>
          </li>
        ))}
      </ul>
      <Card
        size="small"
        title={s ? `${t('onSite.title')} · ${t('onSite.total', { count: s.data.length })}` : t('onSite.title')}
        loading={q.isPending}
      >
        {s?.data.length ? (
          <ul className="entry-log-onsite" data-testid="entry-log-onsite">
            {s.data.map((w) => (
              <li key={w.entry_id}>
                <strong>{w.name}</strong> <span className="muted">{w.company_name}</span>{' '}
                <span className="muted">{t('onSite.since', { time: formatDateTime(w.entered_at, 'HH:mm') })}</span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState description={t('onSite.none')} />
        )}
      </Card>
    </Flex>
  );
}

type EntryFilter = 'day' | 'verdict' | 'overridden';

function Entries({ siteId }: { siteId: number }) {
  const { t } = useTranslation('site-entry-log');
  const today = todayInTaipei();
  const list = useLocalList<EntryFilter>({ sort: 'scanned_at', order: 'desc', filters: { day: today } });
  const q = useQuery(entriesQuery(siteId, list.query));
  const f = list.params.filters;
  const columns: ColumnsType<Entry> = [
    {
      key: 'scanned_at',
      dataIndex: 'scanned_at',
      title: t('columns.time'),
      sorter: true,
      fixed: 'left',
      render: (v: string, e) => (
        <span className="nowrap">
          {formatDateTime(v, 'HH:mm:ss')}
          {e.offline ? (
            <Tag
              className="entry-offline"
              icon={<WifiOutlined aria-hidden />}
              title={e.snapshot_at ? t('offlineAt', { time: formatDateTime(e.snapshot_at) }) : undefined}
              data-testid="entry-offline"
            >
              {t('offline')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'staff',
      title: t('columns.staff'),
      render: (_, e) => (
        <>
          <strong>{e.staff_name ?? t('unknownWorker')}</strong>
          {e.company_name ? <div className="muted">{e.company_name}</div> : null}
        </>
      ),
    },
    { key: 'direction', title: t('columns.direction'), render: (_, e) => t(`direction.${e.direction}`) },
    {
      key: 'verdict',
      title: t('columns.verdict'),
      render: (_, e) => (
        <>
          <VerdictTag entry={e} />
          {e.override_at ? (
            <div className="entry-override" data-testid="entry-override">
              {t('overrideBy', { name: e.override_admin_name ?? '—', reason: e.override_reason ?? '' })}
            </div>
          ) : null}
        </>
      ),
    },
    { key: 'reasons', title: t('columns.reasons'), render: (_, e) => <ReasonList reasons={e.reasons} /> },
    { key: 'by', title: t('columns.by'), render: (_, e) => e.admin_name ?? '—' },
    { key: 'device', title: t('columns.device'), render: (_, e) => e.device_label ?? e.device_id ?? '—' },
  ];
  return (
    <Card size="small" title={t('entries.title')}>
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center" role="search">
          <DatePicker
            aria-label={t('entries.day')}
            allowClear={false}
            value={dayjs(f.day ?? today)}
            disabledDate={(d) => d.format('YYYY-MM-DD') > today}
            onChange={(d: Dayjs | null) => list.set({ filters: { day: d ? d.format('YYYY-MM-DD') : today } })}
            data-testid="entries-day"
          />
          <Select
            allowClear
            aria-label={t('entries.verdict')}
            placeholder={t('entries.anyVerdict')}
            value={f.verdict ?? undefined}
            onChange={(v) => list.set({ filters: { verdict: v ?? null } })}
            options={(['admit', 'refuse'] as const).map((v) => ({ value: v, label: t(`verdict.${v}`) }))}
            style={{ minWidth: 130 }}
            data-testid="entries-verdict"
          />
          <Select
            allowClear
            aria-label={t('entries.overridden')}
            placeholder={t('entries.anyOverride')}
            value={f.overridden ?? undefined}
            onChange={(v) => list.set({ filters: { overridden: v ?? null } })}
            options={[
              { value: 'true', label: t('entries.overriddenOnly') },
              { value: 'false', label: t('entries.notOverridden') },
            ]}
            style={{ minWidth: 150 }}
            data-testid="entries-overridden"
          />
          {list.filtered ? <Button onClick={list.reset}>{t('resource:reset')}</Button> : null}
        </Flex>
        <ResourceTable<Entry>
          query={q}
          list={list}
          columns={columns}
          filtered={!!f.verdict || !!f.overridden}
          emptyText={{ empty: t('entries.empty'), noMatch: t('entries.noMatch') }}
          totalText={(n) => t('entries.total', { count: n })}
          testId="site-entries-table"
        />
      </Flex>
    </Card>
  );
}

/** The attendance workbook: a period of at most 92 days (this month so far by default), downloaded with progress. */
function AttendanceExport({ site }: { site: Site }) {
  const { t } = useTranslation('site-entry-log');
  const downloads = useDownloads();
  const today = todayInTaipei();
  const [range, setRange] = useState<[string, string] | null>([`${today.slice(0, 8)}01`, today]);
  const days = range ? daysBetween(range[0], range[1]) + 1 : 0;
  const tooLong = days > ATTENDANCE_MAX_DAYS;
  return (
    <Card size="small" title={t('attendance.title')}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('attendance.hint', { max: ATTENDANCE_MAX_DAYS })}</Typography.Text>
        <Flex gap={8} wrap align="center">
          <DatePicker.RangePicker
            aria-label={t('attendance.range')}
            value={range ? [dayjs(range[0]), dayjs(range[1])] : null}
            disabledDate={(d) => d.format('YYYY-MM-DD') > today}
            onChange={(v) => setRange(v?.[0] && v[1] ? [v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')] : null)}
            data-testid="attendance-range"
          />
          <Button
            icon={<DownloadOutlined />}
            disabled={!range || tooLong || downloads.busy}
            onClick={() =>
              range &&
              void downloads.run(t('attendance.name', { from: formatDay(range[0]), to: formatDay(range[1]) }), (p) =>
                attendanceWorkbook(site.id, range[0], range[1], p),
              )
            }
            data-testid="attendance-export"
          >
            {t('attendance.export')}
          </Button>
        </Flex>
        {tooLong ? (
          <Alert
            type="warning"
            showIcon
            message={t('attendance.tooLong', { max: ATTENDANCE_MAX_DAYS })}
            data-testid="attendance-too-long"
          />
        ) : null}
        {!range ? <Typography.Text type="secondary">{t('attendance.pick')}</Typography.Text> : null}
        <DownloadProgress jobs={downloads.jobs} testId="attendance-progress" />
      </Flex>
    </Card>
  );
}
