import { useEffect, useState } from 'react';
import { versionOf } from '../../components/resource/record-version.ts';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { ComplianceResponse } from '@bo/shared/schemas/certificate-reminder';
import { REMINDER_DAYS } from '@bo/shared/schemas/certificate-reminder';
import { LINE_TARGET_PATTERN } from '@bo/shared/schemas/operations';
import { api, errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { formatDay } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { DownloadProgress, useDownloads } from '../../components/download-progress.tsx';
import { ServerSetting } from '../../components/server-setting.tsx';
import { EditLeaseBanner } from '../../components/edit-lease/edit-lease-banner.tsx';
import type { EditLease } from '../../components/edit-lease/use-edit-lease.ts';
import './i18n.ts';

const BASE = '/api/admin/certificate-reminder';
interface Settings {
  days: number;
  line_target: string | null;
  line_configured: boolean;
}
interface Reminder {
  id: number;
  run_key: string;
  channel: 'mail' | 'line';
  recipient: string;
  expired_count: number;
  expiring_count: number;
  /** What it reminded of: certificates, or the sites' due items (issue 38). */
  kind?: 'certificates' | 'compliance';
  mail_status: string | null;
  status: string;
  created_at: string;
}

/** The organization's certificates by type today, and the export of them (issue 13). */
export function CertificateCompliance({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation('organization');
  const downloads = useDownloads();
  const q = useQuery({
    queryKey: ['certificate-reminder', 'compliance', organizationId],
    queryFn: () => api.get<ComplianceResponse>(`${BASE}/compliance`, null, { organization: true }),
  });
  const exportFile = () =>
    downloads.run(t('compliance.title'), (p) =>
      api.download(`${BASE}/compliance/export`, undefined, { method: 'GET', organization: true, onProgress: p }),
    );
  return (
    <Card
      title={t('compliance.title')}
      extra={
        <Button
          icon={<DownloadOutlined />}
          disabled={downloads.busy || !q.data?.data.length}
          onClick={() => void exportFile()}
          data-testid="compliance-export"
        >
          {t('compliance.export')}
        </Button>
      }
    >
      <DownloadProgress jobs={downloads.jobs} />
      {q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          {q.data ? (
            <p className="muted">{t('compliance.asOf', { date: formatDay(q.data.as_of), days: q.data.days, staff: q.data.staff_total })}</p>
          ) : null}
          <div data-testid="compliance-table">
            <Table
              rowKey="certificate_type_id"
              size="small"
              loading={q.isPending}
              dataSource={q.data?.data ?? []}
              pagination={false}
              locale={{ emptyText: <EmptyState description={t('compliance.empty')} /> }}
              columns={[
                { key: 'name', dataIndex: 'name', title: t('compliance.type') },
                { key: 'valid', dataIndex: 'valid', title: t('compliance.valid'), align: 'right' },
                {
                  key: 'expiring',
                  dataIndex: 'expiring',
                  title: t('compliance.expiring'),
                  align: 'right',
                  render: (n: number) => (n ? <Tag color="warning">{n}</Tag> : 0),
                },
                {
                  key: 'expired',
                  dataIndex: 'expired',
                  title: t('compliance.expired'),
                  align: 'right',
                  render: (n: number) => (n ? <Tag color="error">{n}</Tag> : 0),
                },
                { key: 'missing', dataIndex: 'missing', title: t('compliance.missing'), align: 'right' },
              ]}
            />
          </div>
        </>
      )}
    </Card>
  );
}

/**
 * The daily reminder's window and the reminders it sent (issue 13). `lease`: the organization's edit
 * lease, which 我的組織 holds for both of its forms (the settings are audited on the organization; issue 36).
 */
export function CertificateReminders({ organizationId, lease }: { organizationId: number; lease?: EditLease }) {
  const { t } = useTranslation('organization');
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const settings = useQuery({
    queryKey: ['certificate-reminder', 'settings', organizationId],
    queryFn: () => api.get<Settings>(`${BASE}/settings`, null, { organization: true }),
  });
  const history = useQuery({
    queryKey: ['certificate-reminder', 'index', organizationId, page],
    queryFn: () => api.get<{ data: Reminder[]; meta: { total: number } }>(`${BASE}/index`, { page, per_page: 10 }, { organization: true }),
  });
  const [days, setDays] = useState<number | null>(null);
  const [lineTarget, setLineTarget] = useState('');
  useEffect(() => {
    if (settings.data) {
      setDays(settings.data.days);
      setLineTarget(settings.data.line_target ?? '');
    }
  }, [settings.data]);
  const dirty =
    days !== null &&
    settings.data !== undefined &&
    (days !== settings.data.days || lineTarget.trim() !== (settings.data.line_target ?? ''));
  const unsaved = useUnsavedChanges(dirty);
  const save = useMutation({
    mutationFn: (d: number) =>
      // Settings of the organization: they send the organization's version as they were read (issue 36).
      api.put<Settings>(
        `${BASE}/settings`,
        { days: d, line_target: lineTarget.trim() || null },
        { organization: true, version: versionOf(settings.data) },
      ),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['certificate-reminder', 'settings', organizationId] });
      void qc.invalidateQueries({ queryKey: ['account', 'organization', organizationId] });
      void qc.invalidateQueries({ queryKey: ['certificate-reminder', 'compliance'] });
    },
  });
  const lineValid = !lineTarget.trim() || LINE_TARGET_PATTERN.test(lineTarget.trim());
  const valid = days !== null && Number.isInteger(days) && days >= REMINDER_DAYS.min && days <= REMINDER_DAYS.max && lineValid;

  return (
    <Card title={t('reminders.title')}>
      {settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid || days === null) return;
            unsaved
              .whileSaving(() => save.mutateAsync(days))
              .then(
                () => {
                  lease?.saved();
                  toast.success({ title: t('reminders.saved'), duration: SHELL_TOAST.duration });
                },
                (err) => toast.error({ title: errorText(err), duration: SHELL_TOAST.duration }),
              );
          }}
        >
          {lease ? <EditLeaseBanner lease={lease} /> : null}
          <p className="muted">{t('reminders.intro')}</p>
          <Flex gap={8} align="center" wrap>
            <label htmlFor="reminder-days">{t('reminders.days')}</label>
            <InputNumber
              id="reminder-days"
              min={REMINDER_DAYS.min}
              max={REMINDER_DAYS.max}
              precision={0}
              value={days}
              onChange={(v) => {
                lease?.touched();
                setDays(v);
              }}
              status={days !== null && !valid ? 'error' : undefined}
              disabled={settings.isPending || save.isPending}
              suffix={t('reminders.daysUnit')}
              style={{ width: 160 }}
              data-testid="reminder-days"
            />
          </Flex>
          <Flex vertical gap={4} style={{ margin: '16px 0' }}>
            <label htmlFor="reminder-line">{t('reminders.line')}</label>
            <Input
              id="reminder-line"
              value={lineTarget}
              onChange={(e) => {
                lease?.touched();
                setLineTarget(e.target.value);
              }}
              status={lineValid ? undefined : 'error'}
              placeholder="C0123456789abcdef0123456789abcdef"
              disabled={settings.isPending || save.isPending}
              spellCheck={false}
              autoComplete="off"
              style={{ maxWidth: 420 }}
              data-testid="reminder-line"
            />
            <span className={lineValid ? 'muted' : 'field-error'}>
              {lineValid ? (settings.data?.line_configured ? t('reminders.lineHelp') : t('reminders.lineOff')) : t('reminders.lineInvalid')}
              {lineValid && settings.data && !settings.data.line_configured ? <ServerSetting env="LINE_MESSAGING_ACCESS_TOKEN" /> : null}
            </span>
          </Flex>
          <Button type="primary" htmlType="submit" disabled={!dirty || !valid} loading={save.isPending} data-testid="reminder-save">
            {t('reminders.save')}
          </Button>
        </form>
      )}
      <h2 className="card-section-title">{t('reminders.history')}</h2>
      {history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          loading={history.isPending}
          dataSource={history.data?.data ?? []}
          locale={{ emptyText: <EmptyState description={t('reminders.empty')} /> }}
          pagination={
            (history.data?.meta.total ?? 0) > 10
              ? { current: page, pageSize: 10, total: history.data?.meta.total, onChange: setPage, showSizeChanger: false }
              : false
          }
          columns={[
            {
              key: 'created_at',
              title: t('reminders.sentAt'),
              render: (_, r) => {
                const state = r.mail_status ?? r.status;
                return (
                  <Flex vertical gap={4} align="start">
                    <span className="nowrap">{formatDateTime(r.created_at)}</span>
                    <Tag color={state === 'sent' ? 'success' : state === 'failed' ? 'error' : 'processing'}>
                      {t(`reminders.states.${state}`, { defaultValue: state })}
                    </Tag>
                  </Flex>
                );
              },
            },
            {
              key: 'recipient',
              title: t('reminders.recipient'),
              className: 'break-anywhere',
              render: (_, r) => (
                <>
                  <div>{r.channel === 'line' ? `LINE · ${r.recipient}` : r.recipient}</div>
                  <div className="muted">
                    {t(r.kind === 'compliance' ? 'reminders.complianceCountsValue' : 'reminders.countsValue', {
                      expired: r.expired_count,
                      expiring: r.expiring_count,
                    })}
                  </div>
                </>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
