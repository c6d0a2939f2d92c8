import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import dayjs from 'dayjs';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Checkbox from 'antd/es/checkbox';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ColumnsType } from 'antd/es/table';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { StaffListItem } from '@bo/shared/schemas/staff';
import { todayInTaipei } from '@bo/shared/dates';
import { ROLES } from '@bo/shared/permissions';
import { REVEALABLE_STAFF_FIELDS, type RevealableStaffField } from '@bo/shared/schemas/personal-data-reveal';
import { PageHeader } from '../../../components/page-header.tsx';
import { InterruptedWorkNotice } from '../../../components/interrupted-work-notice.tsx';
import { DownloadProgress, useDownloads, type FetchBlob } from '../../../components/download-progress.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListFilters } from '../../../components/resource/list-filters.tsx';
import { staffStandingFilters } from '../staff-filters.ts';
import { ResourceTable } from '../../../components/resource/resource-table.tsx';
import { useListParams } from '../../../components/resource/use-list-params.ts';
import { staffApi } from '../api.ts';
import { CertificateStatusTag } from '../certificate-status-tag.tsx';
import { exportMerge, exportSplit, staffExcelApi, type ExportFilter, type UnmaskedExport } from './api.ts';
import { useRevealReason } from '../reveal-reason-dialog.tsx';
import { useIdentityProof } from '../../../components/identity/with-identity-proof.tsx';
import { useSession } from '../../../lib/session.ts';
import './i18n.ts';
import '../i18n.ts';
import './staff-excel.css';

const FILTERS = ['status', 'certificate_status'] as const;

/** Picks staff (or everyone matching the filters) and downloads the filled workbook with a progress indicator. */
export default function StaffExcelExportPage() {
  const { t } = useTranslation('staff-excel');
  const { t: ts } = useTranslation('staff');
  const { t: tr } = useTranslation('resource');
  const { target } = useParams();
  const navigate = useNavigate();
  const tpl = useQuery(staffExcelApi.one(target));
  const list = useListParams(FILTERS, { sort: 'name', order: 'asc' });
  const staff = useQuery(staffApi.list(list.query));
  const [exportDate, setExportDate] = useState(todayInTaipei());
  const downloads = useDownloads();
  const busy = downloads.busy;
  const canReveal = useSession().can(ROLES.personalDataReveal);
  const [unmasked, setUnmasked] = useState<RevealableStaffField[]>([]);
  const reason = useRevealReason();
  const proof = useIdentityProof();
  /** An export, asking first why it leaves unmasked (when a box is ticked) and then, when the server wants it, who is asking. */
  const run = async (label: string, fetch: (extra: UnmaskedExport, p: Parameters<FetchBlob>[0]) => ReturnType<FetchBlob>) => {
    let extra: UnmaskedExport = {};
    if (unmasked.length) {
      const why = await reason.ask(t('unmaskedTitle'));
      if (!why) return;
      extra = { unmasked, ...why };
    }
    await downloads.run(label, (p) => proof.run(() => fetch(extra, p)), { failed: t('exportFailed') });
  };
  const id = Number(target);
  const options = { export_date: exportDate };
  const filter: ExportFilter = {
    ...(list.params.keyword ? { keyword: list.params.keyword } : {}),
    ...(list.params.filters.status ? { status: list.params.filters.status } : {}),
    ...(list.params.filters.certificate_status
      ? { certificate_status: list.params.filters.certificate_status as ExportFilter['certificate_status'] }
      : {}),
  };
  const total = staff.data?.meta.total ?? 0;

  const columns: ColumnsType<StaffListItem> = [
    { key: 'name', title: ts('name'), sorter: true, render: (_, s) => s.display_name },
    { key: 'certificate_status', title: ts('certStatus'), render: (_, s) => <CertificateStatusTag status={s.certificate_status} /> },
    { key: 'job_title', dataIndex: 'job_title', title: ts('jobTitle'), render: (v: string | null) => v ?? '—' },
    { key: 'status', dataIndex: 'status', title: ts('status'), render: (v: string) => ts(`statuses.${v}`) },
    {
      key: 'own',
      title: tr('actions'),
      className: 'resource-row-actions',
      render: (_, s) => (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={busy}
          onClick={() => void run(s.display_name, (extra, p) => exportSplit(id, s.id, options, p, extra))}
        >
          {t('exportOwn')}
        </Button>
      ),
    },
  ];

  if (tpl.isError)
    return (
      <div className="page">
        <PageHeader />
        <Card>
          <ErrorState error={tpl.error} onRetry={() => void tpl.refetch()} />
        </Card>
      </div>
    );
  if (!tpl.data)
    return (
      <div className="page">
        <PageHeader />
        <Card>
          <Skeleton active />
        </Card>
      </div>
    );
  return (
    <div className="page staff-excel-export-page">
      <PageHeader
        title={t('exportTitle', { name: tpl.data.name })}
        subtitle={
          <Space size={4}>
            <Tag color={tpl.data.layout === 'card' ? 'purple' : 'blue'}>{t(`layoutShort.${tpl.data.layout}`)}</Tag>
            {t(tpl.data.layout === 'card' ? 'cardHint' : 'rosterHint')}
          </Space>
        }
        extra={<Button onClick={() => navigate('/admin/staff-excel')}>{tr('back')}</Button>}
      />
      <InterruptedWorkNotice kind="staff_export" />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={16} wrap align="center">
          <span>
            {t('exportDate')}:{' '}
            <DatePicker allowClear={false} value={dayjs(exportDate)} onChange={(d) => d && setExportDate(d.format('YYYY-MM-DD'))} />
          </span>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={!total || busy}
            data-testid="export-all"
            onClick={() => void run(t('exportAll', { count: total }), (extra, p) => exportMerge(id, { filter, options, ...extra }, p))}
          >
            {t('exportAll', { count: total })}
          </Button>
          <Typography.Text type="secondary">{t('pickStaff')}</Typography.Text>
        </Flex>
        {canReveal && (
          <Flex gap={8} wrap align="center" style={{ marginTop: 12 }} data-testid="export-unmasked">
            <span id="export-unmasked-label">{t('unmasked')}:</span>
            <Checkbox.Group
              aria-labelledby="export-unmasked-label"
              value={unmasked}
              onChange={(v) => setUnmasked(v as RevealableStaffField[])}
              options={REVEALABLE_STAFF_FIELDS.map((f) => ({ value: f, label: ts(f === 'national_id' ? 'nationalId' : 'bloodType') }))}
            />
            <Typography.Text type="secondary">{t('unmaskedHint')}</Typography.Text>
          </Flex>
        )}
      </Card>
      <DownloadProgress jobs={downloads.jobs} testId="export-progress" />
      {reason.dialog}
      {proof.dialog}
      <ListFilters list={list} selects={staffStandingFilters(ts)} />
      <ResourceTable<StaffListItem>
        query={staff}
        list={list}
        columns={columns}
        testId="export-staff-table"
        emptyAction={<Typography.Text type="secondary">{t('noStaff')}</Typography.Text>}
        batchActions={({ ids }) => (
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={busy}
            data-testid="export-selected"
            onClick={() =>
              void run(t('exportSelected', { count: ids.length }), (extra, p) => exportMerge(id, { staff_ids: ids, options, ...extra }, p))
            }
          >
            {t('exportSelected', { count: ids.length })}
          </Button>
        )}
      />
    </div>
  );
}
