import { useState } from 'react';
import { versionOf } from '../../components/resource/record-version.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import AntApp from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import List from 'antd/es/list';
import Tag from 'antd/es/tag';
import { api, errorText } from '../../lib/api-client.ts';
import { loadSettings } from '../../lib/settings.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { type Answer, HISTORY_KEY, KEY, same, URL, type Version } from './app-config-api.ts';
import './i18n.ts';

/** The config's audit entries, newest first: each version can be put back (PUT …/restore). */
export function History({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation('app-settings');
  const qc = useQueryClient();
  const { modal } = AntApp.useApp();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: [...HISTORY_KEY, page],
    queryFn: () =>
      api.get<{ data: Version[]; meta: { total: number } }>('/api/admin/audit-log/index', {
        target_type: 'app_config',
        target_id: 'app',
        page,
        per_page: 10,
        sort: 'id',
        order: 'desc',
      }),
  });
  const restore = useMutation({
    // A restore is a write of the config: it sends the version the config was read at (issue 36).
    mutationFn: (body: { audit_id: number; side?: 'before' }) =>
      api.put<Answer>(`${URL}/restore`, body, { version: versionOf(qc.getQueryData(KEY)) }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: KEY, exact: true });
      await qc.invalidateQueries({ queryKey: HISTORY_KEY });
      await loadSettings();
    },
  });
  const ask = (auditId: number, time: string, side?: 'before') =>
    modal.confirm({
      title: side ? t('restoreFirst') : t('restore'),
      content: t('restoreConfirm', { time }),
      onOk: () =>
        restore.mutateAsync({ audit_id: auditId, ...(side ? { side } : {}) }).then(
          () => toast.success({ title: t('restored', { time }), duration: SHELL_TOAST.duration }),
          (e) => toast.error({ title: errorText(e), duration: SHELL_TOAST.duration }),
        ),
    });

  return (
    <Card title={t('history')} className="settings-card">
      {dirty ? <Alert type="info" showIcon message={t('unsavedBeforeRestore')} style={{ marginBottom: 12 }} /> : null}
      {q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <List
          loading={q.isPending}
          dataSource={q.data?.data ?? []}
          locale={{ emptyText: <span className="muted">{t('historyEmpty')}</span> }}
          pagination={
            (q.data?.meta.total ?? 0) > 10
              ? { current: page, pageSize: 10, total: q.data?.meta.total, onChange: setPage, size: 'small', simple: true }
              : false
          }
          renderItem={(e) => {
            const time = formatDateTime(e.created_at);
            const before = (e.before ?? {}) as Record<string, unknown>;
            const after = (e.after ?? {}) as Record<string, unknown>;
            const keys = Object.keys(after).filter((k) => !same(before[k], after[k]));
            const isFirst = q.data?.meta.total !== undefined && page * 10 >= q.data.meta.total && e.id === q.data.data.at(-1)?.id;
            return (
              <List.Item data-testid={`settings-version-${e.id}`}>
                <div style={{ width: '100%' }}>
                  <Flex justify="space-between" gap={8} wrap>
                    <strong>{time}</strong>
                    <Tag>{e.action === 'restore' ? t('actionRestore') : t('actionUpdate')}</Tag>
                  </Flex>
                  <div className="muted">{e.actor ? e.actor.name || e.actor.email : '—'}</div>
                  <div className="muted">{keys.map((k) => t(`fields.${k}`, { defaultValue: k }) as string).join('、') || '—'}</div>
                  <Flex gap={8} wrap style={{ marginTop: 6 }}>
                    <Button
                      size="small"
                      disabled={dirty || restore.isPending}
                      onClick={() => ask(e.id, time)}
                      data-testid={`settings-restore-${e.id}`}
                    >
                      {t('restore')}
                    </Button>
                    {isFirst ? (
                      <Button
                        size="small"
                        disabled={dirty || restore.isPending}
                        onClick={() => ask(e.id, formatDateTime(e.created_at), 'before')}
                      >
                        {t('restoreFirst')}
                      </Button>
                    ) : null}
                    <Link to={`/admin/audit-log?entry=${e.id}`}>{t('viewInAudit')}</Link>
                  </Flex>
                </div>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
