import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input/Input';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import { MAIL_STATUSES, MAIL_TEMPLATE_NAMES, type OutboxRow } from '@bo/shared/schemas/mail';
import { api, errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { codeSelect, ListFilters } from '../../components/resource/list-filters.tsx';
import { ResourceTable } from '../../components/resource/resource-table.tsx';
import { useListParams } from '../../components/resource/use-list-params.ts';
import { outboxMailQuery, outboxQuery } from './api.ts';
import { MailPreviewFrame } from './mail-preview-frame.tsx';
import { MailDeliveryAlert } from './mail-delivery-alert.tsx';
import './i18n.ts';

const FILTERS = ['status', 'template'] as const;
const STATUS_COLOR = { pending: 'gold', sending: 'blue', sent: 'green', failed: 'red' } as const;

/** /admin/debug/mail-outbox: every mail, read one (its body), resend a sent or failed one (issue 10). */
export default function MailOutboxPage() {
  const { t } = useTranslation('mail');
  const qc = useQueryClient();
  const list = useListParams(FILTERS, { sort: 'id', order: 'desc' });
  const q = useQuery(outboxQuery(list.query));
  const [open, setOpen] = useState<number | null>(null);

  const resend = async (id: number) => {
    try {
      await api.post(`/api/admin/mail/outbox/${id}/resend`, {});
      await qc.invalidateQueries({ queryKey: ['/api/admin/mail/outbox'] });
      toast.success({ title: t('outbox.resent'), duration: SHELL_TOAST.duration });
    } catch (e) {
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    }
  };

  const columns: ColumnsType<OutboxRow> = [
    { key: 'to_address', dataIndex: 'to_address', title: t('outbox.to'), sorter: true },
    { key: 'subject', dataIndex: 'subject', title: t('outbox.subject'), responsive: ['md'] },
    {
      key: 'template',
      title: t('outbox.template'),
      responsive: ['lg'],
      render: (_, r) => t(`templates.names.${r.template}`, { defaultValue: r.template }),
    },
    {
      key: 'status',
      title: t('outbox.status'),
      render: (_, r) => (
        <Tag color={STATUS_COLOR[r.status]} title={r.last_error ?? undefined}>
          {t(`outbox.statuses.${r.status}`)}
        </Tag>
      ),
    },
    { key: 'attempts', dataIndex: 'attempts', title: t('outbox.attempts'), responsive: ['lg'] },
    { key: 'created_at', title: t('outbox.created'), sorter: true, render: (_, r) => formatDateTime(r.created_at) },
    {
      key: 'actions',
      title: '',
      render: (_, r) => (
        <Button size="small" onClick={() => setOpen(r.id)} data-testid={`outbox-read-${r.id}`}>
          {t('outbox.read')}
        </Button>
      ),
    },
  ];

  return (
    <div className="page mail-outbox-page">
      <PageHeader subtitle={t('outbox.intro')} />
      <MailDeliveryAlert noSmtp />
      <ListFilters
        list={list}
        placeholder={t('outbox.search')}
        selects={[
          codeSelect(t, 'status', MAIL_STATUSES, {
            label: 'outbox.status',
            placeholder: 'outbox.anyStatus',
            options: 'outbox.statuses',
            minWidth: 130,
          }),
          codeSelect(t, 'template', MAIL_TEMPLATE_NAMES, {
            label: 'outbox.template',
            placeholder: 'outbox.anyTemplate',
            options: 'templates.names',
            minWidth: 160,
          }),
        ]}
      />
      <ResourceTable<OutboxRow> testId="outbox-table" query={q} list={list} columns={columns} emptyText={{ empty: t('outbox.empty') }} />
      <MailDrawer id={open} onClose={() => setOpen(null)} onResend={resend} />
    </div>
  );
}

function MailDrawer({ id, onClose, onResend }: { id: number | null; onClose(): void; onResend(id: number): Promise<void> }) {
  const { t } = useTranslation('mail');
  const q = useQuery(outboxMailQuery(id));
  const mail = q.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={mail?.subject ?? ''} destroyOnHidden>
      {q.isPending ? (
        <Skeleton active />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : mail ? (
        <>
          <p>
            {t('outbox.to')}: {mail.to_address} · <Tag color={STATUS_COLOR[mail.status]}>{t(`outbox.statuses.${mail.status}`)}</Tag>
            {mail.sent_at ? ` · ${t('outbox.sent')}: ${formatDateTime(mail.sent_at)}` : null}
          </p>
          {mail.last_error ? (
            <Alert type="error" showIcon title={`${t('outbox.lastError')}: ${mail.last_error}`} style={{ marginBottom: 12 }} />
          ) : null}
          {mail.link ? (
            <Flex gap={8} style={{ marginBottom: 12 }} data-testid="outbox-link">
              <Input
                readOnly
                value={mail.link}
                aria-label={t('outbox.link')}
                data-testid="outbox-link-value"
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton text={mail.link} data-testid="outbox-copy-link">
                {t('outbox.copyLink')}
              </CopyButton>
            </Flex>
          ) : null}
          {mail.html === null ? (
            <Alert type="warning" showIcon title={t('outbox.unreadable')} />
          ) : (
            <MailPreviewFrame html={mail.html} title={mail.subject} />
          )}
          {mail.status === 'sent' || mail.status === 'failed' ? (
            <Button style={{ marginTop: 16 }} onClick={() => void onResend(mail.id).then(onClose)} data-testid="outbox-resend">
              {t('outbox.resend')}
            </Button>
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}
