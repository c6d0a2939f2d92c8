import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ColumnsType } from 'antd/es/table';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { CONTACT_STATUSES, type Contact, type ContactStatus } from '@bo/shared/schemas/contact';
import { api } from '../../lib/api-client.ts';
import { confirmLeave, useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { DownloadProgress, useDownloads } from '../../components/download-progress.tsx';
import { codeSelect, ListFilters } from '../../components/resource/list-filters.tsx';
import { ResourceTable } from '../../components/resource/resource-table.tsx';
import { BatchDeleteButton } from '../../components/resource/batch-delete-button.tsx';
import { createResourceApi } from '../../components/resource/resource-api.ts';
import { toastOutcome } from '../../components/resource/toast-outcome.ts';
import { useDeleteRows } from '../../components/resource/use-delete-rows.ts';
import { useListParams } from '../../components/resource/use-list-params.ts';
import './i18n.ts';
import { groupedPhone } from '@bo/shared/phone';

const contacts = createResourceApi<Contact, never>('/api/admin/contact');
const FILTERS = ['status', 'assignee_id', 'entry'] as const;
const STATUS_COLOR: Record<ContactStatus, string> = { new: 'blue', handled: 'green', spam: 'default' };

interface Assignee {
  id: number;
  name: string;
  email: string;
}
const assigneesQuery = {
  queryKey: ['/api/admin/contact/assignees'],
  queryFn: () => api.get<{ data: Assignee[] }>('/api/admin/contact/assignees').then((r) => r.data),
  staleTime: 60_000,
};

/** /admin/contact: what the site's contact form sent; open one to handle it (status, assignee, note). */
export default function ContactListPage() {
  const { t } = useTranslation('contact');
  const list = useListParams(FILTERS, { sort: 'id', order: 'desc' });
  const { entry, ...filters } = list.params.filters;
  const q = useQuery(contacts.list({ ...list.query, entry: undefined }));
  const assignees = useQuery(assigneesQuery);
  const del = useDeleteRows(contacts);
  const batch = contacts.useBatchPatch();
  const downloads = useDownloads();
  const open = (id: number | null) => list.set({ page: list.params.page, filters: { entry: id === null ? null : String(id) } });

  const doExport = () =>
    downloads.run(
      t('exportName'),
      (p) =>
        api.download(
          '/api/admin/contact/export',
          { ...filters, keyword: list.params.keyword || undefined },
          { method: 'GET', onProgress: p },
        ),
      { done: (name) => t('exported', { name }) },
    );

  const columns: ColumnsType<Contact> = [
    {
      key: 'created_at',
      title: t('received'),
      sorter: true,
      render: (_, c) => <span className="nowrap">{formatDateTime(c.created_at)}</span>,
    },
    {
      key: 'name',
      title: t('name'),
      sorter: true,
      render: (_, c) => (
        <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => open(c.id)} data-testid={`contact-open-${c.id}`}>
          {c.name}
        </Button>
      ),
    },
    { key: 'email', title: t('email'), responsive: ['md'], render: (_, c) => c.email },
    { key: 'company', title: t('company'), responsive: ['lg'], render: (_, c) => c.company ?? '—' },
    {
      key: 'message',
      title: t('message'),
      responsive: ['lg'],
      render: (_, c) => (
        <Typography.Text ellipsis={{ tooltip: c.message }} style={{ maxWidth: 280 }}>
          {c.message}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      title: t('status'),
      sorter: true,
      render: (_, c) => <Tag color={STATUS_COLOR[c.status]}>{t(`statuses.${c.status}`)}</Tag>,
    },
    { key: 'assignee', title: t('assignee'), responsive: ['md'], render: (_, c) => c.assignee?.name || c.assignee?.email || '—' },
  ];

  return (
    <div className="page contact-list-page">
      <PageHeader
        subtitle={t('intro')}
        extra={
          <Button icon={<DownloadOutlined />} onClick={() => void doExport()} disabled={downloads.busy} data-testid="contact-export">
            {t('export')}
          </Button>
        }
      />
      <ListFilters
        list={list}
        placeholder={t('search')}
        selects={[
          codeSelect(t, 'status', CONTACT_STATUSES, { placeholder: 'anyStatus', options: 'statuses', minWidth: 130 }),
          {
            name: 'assignee_id',
            label: t('assignee'),
            placeholder: t('anyAssignee'),
            options: (assignees.data ?? []).map((a) => ({ value: String(a.id), label: a.name || a.email })),
            minWidth: 160,
          },
        ]}
      />
      <DownloadProgress jobs={downloads.jobs} testId="contact-export-progress" />
      <ResourceTable<Contact>
        testId="contact-table"
        query={q}
        list={list}
        columns={columns}
        emptyText={{ empty: t('empty') }}
        batchActions={({ ids, rows, clear }) => (
          <>
            {(['handled', 'spam'] as const).map((status) => (
              <Button
                key={status}
                onClick={() =>
                  void toastOutcome(() => batch.mutateAsync({ ids, field: 'status', value: status }), t('changed')).then(
                    (ok) => ok && clear(),
                  )
                }
                data-testid={`contact-batch-${status}`}
              >
                {t(status === 'handled' ? 'batchHandled' : 'batchSpam')}
              </Button>
            ))}
            <BatchDeleteButton del={del} ids={ids} names={rows.map((r) => r.name)} clear={clear} />
          </>
        )}
      />
      <ContactDrawer id={entry ? Number(entry) : null} assignees={assignees.data ?? []} onClose={() => open(null)} onDelete={del} />
    </div>
  );
}

function ContactDrawer({
  id,
  assignees,
  onClose,
  onDelete,
}: {
  id: number | null;
  assignees: Assignee[];
  onClose(): void;
  onDelete(ids: number[], names: string[]): Promise<boolean>;
}) {
  const { t } = useTranslation('contact');
  const q = useQuery(contacts.one(id ?? undefined));
  const patch = contacts.usePatch();
  const c = q.data;
  const [note, setNote] = useState('');
  useEffect(() => setNote(c?.handler_note ?? ''), [c?.handler_note]);
  // A note typed and not saved is asked about before the drawer (or the screen) lets it go.
  useUnsavedChanges(!!c && note !== (c.handler_note ?? ''));
  const close = () => void confirmLeave().then((leave) => leave && onClose());
  const set = (field: string, value: unknown) =>
    c ? toastOutcome(() => patch.mutateAsync({ id: c.id, field, value }), t('changed')) : undefined;
  return (
    <Drawer open={id !== null} onClose={close} size="large" title={c ? `${c.name} · ${formatDateTime(c.created_at)}` : ''} destroyOnHidden>
      {q.isPending ? (
        <Skeleton active />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : c ? (
        <Flex vertical gap={16} data-testid="contact-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('email')}>
              <a href={`mailto:${c.email}`}>{c.email}</a>
            </Descriptions.Item>
            <Descriptions.Item label={t('phone')}>
              {c.phone ? <a href={`tel:${c.phone}`}>{groupedPhone(c.phone)}</a> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('company')}>{c.company ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('language')}>{c.locale}</Descriptions.Item>
            <Descriptions.Item label={t('ip')}>{c.ip ?? '—'}</Descriptions.Item>
            {c.handled_at ? <Descriptions.Item label={t('handledAt')}>{formatDateTime(c.handled_at)}</Descriptions.Item> : null}
          </Descriptions>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="contact-message">
            {c.message}
          </Typography.Paragraph>
          <Flex gap={8} wrap align="center">
            <span>{t('status')}:</span>
            <Select
              aria-label={t('status')}
              value={c.status}
              style={{ minWidth: 140 }}
              options={CONTACT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              onChange={(v) => void set('status', v)}
              data-testid="contact-status"
            />
            <span>{t('assignee')}:</span>
            <Select
              aria-label={t('assignee')}
              allowClear
              placeholder={t('unassigned')}
              value={c.assignee_id ?? undefined}
              style={{ minWidth: 180 }}
              options={assignees.map((a) => ({ value: a.id, label: a.name || a.email }))}
              onChange={(v) => void set('assignee_id', v ?? null)}
              data-testid="contact-assignee"
            />
          </Flex>
          <div>
            <label htmlFor="contact-note">{t('note')}</label>
            <Input.TextArea
              id="contact-note"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              autoSize={{ minRows: 3 }}
              maxLength={2000}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('noteHint')}
            </Typography.Text>
          </div>
          <Flex gap={8} wrap>
            <Button
              type="primary"
              disabled={note === (c.handler_note ?? '')}
              onClick={() => void set('handler_note', note || null)}
              data-testid="contact-save-note"
            >
              {t('saveNote')}
            </Button>
            <Button href={`mailto:${c.email}`}>{t('reply')}</Button>
            <Button danger onClick={() => void onDelete([c.id], [c.name]).then((ok) => ok && onClose())}>
              {t('deleteOne')}
            </Button>
          </Flex>
        </Flex>
      ) : null}
    </Drawer>
  );
}
