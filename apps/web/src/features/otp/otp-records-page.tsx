import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import { OTP_PURPOSES, type OtpRecord } from '@bo/shared/schemas/otp';
import { formatDateTime } from '../../i18n/dates.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { BatchDeleteButton } from '../../components/resource/batch-delete-button.tsx';
import { codeSelect, ListFilters } from '../../components/resource/list-filters.tsx';
import { createResourceApi } from '../../components/resource/resource-api.ts';
import { ResourceTable } from '../../components/resource/resource-table.tsx';
import { useDeleteRows } from '../../components/resource/use-delete-rows.ts';
import { useListParams } from '../../components/resource/use-list-params.ts';
import './i18n.ts';

const otpApi = createResourceApi<OtpRecord>('/api/admin/otp', { target: 'one_time_code' });
const FILTERS = ['purpose', 'state'] as const;
const STATE_COLOR = { open: 'blue', used: 'green', expired: 'default' } as const;

/** /admin/otp: the mailed one-time codes (spec section 7: GET /api/admin/otp/index, DELETE /api/admin/otp/batch). */
export default function OtpRecordsPage() {
  const { t } = useTranslation('otp');
  const list = useListParams(FILTERS, { sort: 'created_at', order: 'desc' });
  const q = useQuery(otpApi.list(list.query));
  const del = useDeleteRows(otpApi, { confirm: (count) => t('confirmDelete', { count }), done: (count) => t('deleted', { count }) });

  const columns: ColumnsType<OtpRecord> = [
    { key: 'email', dataIndex: 'email', title: t('email'), sorter: true },
    { key: 'admin', title: t('admin'), render: (_, r) => r.admin?.name ?? '', responsive: ['md'] },
    { key: 'purpose', title: t('purpose'), render: (_, r) => t(`purposes.${r.purpose}`) },
    { key: 'state', title: t('state'), render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{t(`states.${r.state}`)}</Tag> },
    { key: 'tries', dataIndex: 'tries', title: t('tries'), responsive: ['lg'] },
    { key: 'ip', dataIndex: 'ip', title: t('ip'), responsive: ['lg'] },
    { key: 'created_at', title: t('created'), sorter: true, render: (_, r) => formatDateTime(r.created_at) },
    { key: 'expires_at', title: t('expires'), sorter: true, responsive: ['md'], render: (_, r) => formatDateTime(r.expires_at) },
  ];

  return (
    <div className="page otp-records-page">
      <PageHeader subtitle={t('intro')} />
      <ListFilters
        list={list}
        placeholder={t('search')}
        selects={[
          codeSelect(t, 'purpose', OTP_PURPOSES, { placeholder: 'anyPurpose', options: 'purposes' }),
          codeSelect(t, 'state', ['open', 'used', 'expired'] as const, { placeholder: 'anyState', options: 'states', minWidth: 120 }),
        ]}
      />
      <ResourceTable<OtpRecord>
        testId="otp-table"
        query={q}
        list={list}
        columns={columns}
        emptyText={{ empty: t('empty') }}
        batchActions={({ ids, rows, clear }) => (
          <BatchDeleteButton del={del} ids={ids} names={rows.map((r) => `${r.email} · ${formatDateTime(r.created_at)}`)} clear={clear} />
        )}
      />
    </div>
  );
}
