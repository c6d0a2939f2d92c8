import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { Dayjs } from 'dayjs';
import type { HistoryChange, HistoryEntry, HistoryResponse } from '@bo/shared/schemas/history';
import { api, errorText } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { EmptyState } from '../empty-state.tsx';
import { ErrorState } from '../error-state.tsx';
import { diffRows } from '../audit-labels/diff.ts';
import { fieldLabel, formatInstant, formatValue } from '../audit-labels/readable.ts';
import '../audit-labels/i18n.ts';
import './i18n.ts';
import './history.css';

const PER_PAGE = 10;

/** The version a record was read at (the server's `version` on kit reads, issue 36), when it has one. */
export const versionOf = (record: unknown): number | undefined => {
  const v = (record as { version?: unknown } | null)?.version;
  return typeof v === 'number' ? v : undefined;
};

export interface HistoryPanelProps<R> {
  /** The audit target type of the record (`staff`, `admin`, `page`, …): `/api/admin/history/{targetType}/{id}`. */
  targetType: string;
  /** The record's id as its audit entries name it (a settings document's: `app`, `1`, `<template>:<locale>`). */
  id: number | string;
  /** Calls carry the active organization (an organization's resource). */
  organization?: boolean;
  /** Who may restore (the record's write roles); others see the history only. */
  canRestore: boolean;
  /** The version the screen loaded the record at: a restore carries it (If-Match), so a record changed since is a 409. */
  version?: number;
  /** Queries to refresh after a restore (the resource's), and the restored record for the open form. */
  invalidate?: QueryKey;
  onRestored?(record: R): void;
}

/** The record's organization is the screen's own: not a change worth a row. */
const shown = (c: HistoryChange) => c.field !== 'organization_id';
const isItem = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
/** Keys of a list item that identify or derive rather than say what it is (ids, flags, statuses). */
const QUIET = /(^id$|_id$|^has_|^superseded$|^status$|_type$|_size$|^created_at$|^updated_at$|^sort_order$)/;

/**
 * One field of a change as rows in words. A list of records (a staff's certificates) is one row per
 * item that changed, each item in a line (its type, number, dates, file); other values by the audit labels.
 */
export function useReadable(targetType: string) {
  const { t } = useTranslation('audit-log');
  const lang = currentLanguage();
  // `type`: the entry's own target type when it is a part's (a product's SKU row), labelled by its own labels.
  return (c: HistoryChange, type: string = targetType) => {
    const value = (path: string, v: unknown) => formatValue(t, lang, type, path, v);
    const item = (path: string, v: unknown) =>
      isItem(v)
        ? Object.entries(v)
            .filter(([k, x]) => !QUIET.test(k) && x !== null && x !== '' && x !== undefined)
            .map(([k, x]) => value(`${path}.${k}`, x))
            .join('、') || '—'
        : value(path, v);
    const before = Array.isArray(c.before) ? c.before : null;
    const after = Array.isArray(c.after) ? c.after : null;
    if ([...(before ?? []), ...(after ?? [])].some(isItem)) {
      const key = (x: unknown, i: number) => (isItem(x) && typeof x.id === 'number' ? `id:${x.id}` : `at:${i}`);
      const was = new Map((before ?? []).map((x, i) => [key(x, i), x]));
      const now = new Map((after ?? []).map((x, i) => [key(x, i), x]));
      const keys = [...new Set([...was.keys(), ...now.keys()])];
      return keys
        .map((k, n) => [k, n] as const)
        .filter(([k]) => JSON.stringify(was.get(k)) !== JSON.stringify(now.get(k)))
        .map(([k, n]) => ({
          path: `${c.field}.${k}`,
          label: fieldLabel(t, type, `${c.field}.${n}`),
          before: was.has(k) ? item(c.field, was.get(k)) : '—',
          after: now.has(k) ? item(c.field, now.get(k)) : '—',
        }));
    }
    return diffRows({ [c.field]: c.before }, { [c.field]: c.after })
      .filter((r) => r.changed)
      .map((r) => ({
        path: r.field,
        label: fieldLabel(t, type, r.field),
        before: value(r.field, r.before),
        after: value(r.field, r.after),
      }));
  };
}

/**
 * The History button of a record's edit screen and its drawer (issue 36, docs/history.md): every change
 * with who, when and the fields in words (the audit labels), the record as of a chosen Taipei day, and
 * a restore per change or per field, or of the whole state of the chosen day (every field that differs, and
 * the deleted child rows, in one write), confirmed with what comes back, through the record's own update.
 */
export function HistoryPanel<R>({ targetType, id, organization, canRestore, version, invalidate, onRestored }: HistoryPanelProps<R>) {
  const { t } = useTranslation('history');
  const { t: ta } = useTranslation('audit-log');
  const { modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [asOf, setAsOf] = useState<string | null>(null);
  const readable = useReadable(targetType);
  const base = `/api/admin/history/${targetType}/${id}`;
  const history = useQuery({
    queryKey: ['history', targetType, id, page, asOf],
    queryFn: ({ signal }) =>
      api.get<HistoryResponse>(base, { page, per_page: PER_PAGE, ...(asOf ? { as_of: asOf } : {}) }, { organization, signal }),
    enabled: open,
  });
  const restore = useMutation({
    mutationFn: (body: { entry_id: number; fields?: string[] } | { as_of: string }) =>
      api.post<R>(`${base}/restore`, body, { organization, version }),
    onSuccess: async (record) => {
      toast.success({ title: t('restored') });
      onRestored?.(record);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['history', targetType, id] }),
        invalidate ? queryClient.invalidateQueries({ queryKey: invalidate }) : null,
      ]);
    },
    onError: (e) => toast.error({ title: errorText(e) }),
  });

  const who = (e: HistoryEntry) => e.actor?.name ?? (e.job ? ta(`jobs.${e.job}`, { defaultValue: e.job }) : t('system'));

  const confirmRestore = (entry: HistoryEntry, change?: HistoryChange) => {
    const changes = change ? [change] : entry.changes;
    const rows = changes.flatMap((c) => readable(c, entry.part?.target_type));
    modal.confirm({
      title: change ? t('confirmFieldTitle', { field: fieldLabel(ta, targetType, change.field) }) : t('confirmEntryTitle'),
      okText: t('confirmOk'),
      cancelText: t('cancel'),
      okButtonProps: { 'data-testid': 'history-restore-ok' } as Record<string, string>,
      content: (
        <div className="history-confirm">
          <Typography.Paragraph style={{ marginBottom: 4 }}>{t('confirmIntro')}</Typography.Paragraph>
          <ul>
            {rows.slice(0, 12).map((r) => (
              <li key={r.path}>
                {r.label}：{r.before}
              </li>
            ))}
          </ul>
          <Typography.Paragraph type="secondary">{t('confirmNote')}</Typography.Paragraph>
        </div>
      ),
      onOk: () => restore.mutateAsync({ entry_id: entry.id, ...(change ? { fields: [change.field] } : {}) }),
    });
  };

  /** The whole state of a day back in one write: confirmed with each field that changes, from what it is now to what it was. */
  const confirmRestoreAsOf = (asOfDay: NonNullable<HistoryResponse['as_of']>) => {
    const rows = asOfDay.changes.filter(shown).flatMap((c) => readable(c));
    modal.confirm({
      title: t('confirmAsOfTitle', { day: asOfDay.day }),
      okText: t('confirmOk'),
      cancelText: t('cancel'),
      okButtonProps: { 'data-testid': 'history-restore-ok' } as Record<string, string>,
      width: 560,
      content: (
        <div className="history-confirm" data-testid="history-as-of-confirm">
          <Typography.Paragraph style={{ marginBottom: 4 }}>{t('confirmAsOfIntro', { day: asOfDay.day })}</Typography.Paragraph>
          <ul>
            {rows.slice(0, 20).map((r) => (
              <li key={r.path}>{t('fromTo', { field: r.label, from: r.before, to: r.after })}</li>
            ))}
          </ul>
          {rows.length > 20 ? <Typography.Paragraph>{t('andMore', { n: rows.length - 20 })}</Typography.Paragraph> : null}
          {asOfDay.entry_ids.length ? (
            <Typography.Paragraph type="secondary">{t('confirmAsOfUndoes', { n: asOfDay.entry_ids.length })}</Typography.Paragraph>
          ) : null}
          <Typography.Paragraph type="secondary">{t('confirmNote')}</Typography.Paragraph>
        </div>
      ),
      onOk: () => restore.mutateAsync({ as_of: asOfDay.day }),
    });
  };

  const data = history.data;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="history-open">
        {t('open')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('title')}
        width="min(720px, 100vw)"
        destroyOnHidden
        rootClassName="history-drawer"
      >
        <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
          <label htmlFor="history-as-of">{t('asOf')}</label>
          <DatePicker
            id="history-as-of"
            placeholder={t('asOfPlaceholder')}
            onChange={(d: Dayjs | null) => {
              setAsOf(d ? d.format('YYYY-MM-DD') : null);
              setPage(1);
            }}
            data-testid="history-as-of"
          />
        </Flex>
        {history.isError ? <ErrorState error={history.error} onRetry={() => void history.refetch()} /> : null}
        {history.isPending && open ? <Spin /> : null}
        {data?.as_of ? (
          <AsOfState
            targetType={targetType}
            day={data.as_of.day}
            state={data.as_of.state}
            onRestore={canRestore && data.as_of.changes.length ? () => confirmRestoreAsOf(data.as_of!) : undefined}
          />
        ) : null}
        {data && !data.data.length ? <EmptyState description={t('empty')} /> : null}
        <ol className="history-entries" data-testid="history-entries">
          {data?.data.map((e) => (
            <li key={e.id} className="history-entry" data-testid={`history-entry-${e.id}`}>
              <Flex justify="space-between" align="start" gap={8} wrap>
                <div>
                  <Typography.Text strong>{ta(`actions.${e.action}`, { defaultValue: e.action })}</Typography.Text>{' '}
                  {e.restored_entry_id ? <Tag>{t('restoredEntry', { id: e.restored_entry_id })}</Tag> : null}
                  {e.restored_as_of ? <Tag>{t('restoredAsOf', { day: e.restored_as_of })}</Tag> : null}
                  {e.part ? (
                    <Tag data-testid={`history-part-${e.id}`}>
                      {t('part', {
                        type: ta(`targets.${e.part.target_type}`, { defaultValue: e.part.target_type }),
                        name: e.part.label ?? `#${e.part.target_id}`,
                      })}
                    </Tag>
                  ) : null}
                  <div className="history-who">{t('by', { who: who(e), when: formatInstant(e.created_at) })}</div>
                </div>
                {canRestore && e.restorable && e.changes.length ? (
                  <Button size="small" onClick={() => confirmRestore(e)} data-testid={`history-restore-${e.id}`}>
                    {t('restoreEntry')}
                  </Button>
                ) : null}
              </Flex>
              {e.changes.length ? (
                <table className="history-changes">
                  <thead>
                    <tr>
                      <th scope="col">{t('field')}</th>
                      <th scope="col">{t('before')}</th>
                      <th scope="col">{t('after')}</th>
                      {canRestore && e.restorable ? (
                        <th scope="col">
                          <span className="sr-only">{t('restoreField')}</span>
                        </th>
                      ) : null}
                    </tr>
                  </thead>
                  <tbody>
                    {e.changes.filter(shown).map((c) =>
                      readable(c, e.part?.target_type).map((r, i) => (
                        <tr key={r.path}>
                          <th scope="row">{r.label}</th>
                          <td>{r.before}</td>
                          <td>{r.after}</td>
                          {canRestore && e.restorable ? (
                            <td>
                              {i === 0 ? (
                                <Button
                                  size="small"
                                  type="link"
                                  aria-label={t('restoreFieldLabel', { field: fieldLabel(ta, targetType, c.field) })}
                                  onClick={() => confirmRestore(e, c)}
                                  data-testid={`history-restore-${e.id}-${c.field}`}
                                >
                                  {t('restoreField')}
                                </Button>
                              ) : null}
                            </td>
                          ) : null}
                        </tr>
                      )),
                    )}
                  </tbody>
                </table>
              ) : (
                <Typography.Text type="secondary">{t('noFieldChanges')}</Typography.Text>
              )}
            </li>
          ))}
        </ol>
        {data && data.meta.total > PER_PAGE ? (
          <Pagination size="small" current={page} pageSize={PER_PAGE} total={data.meta.total} onChange={setPage} showSizeChanger={false} />
        ) : null}
      </Drawer>
    </>
  );
}

function AsOfState({
  targetType,
  day,
  state,
  onRestore,
}: {
  targetType: string;
  day: string;
  state: Record<string, unknown> | null;
  /** Restore this state (those who may write, when something differs from now). */
  onRestore?: () => void;
}) {
  const { t } = useTranslation('history');
  const readable = useReadable(targetType);
  // Every value the record held then, a list of records one line per item; ids and empty values left out.
  const rows = useMemo(
    () =>
      Object.entries(state ?? {})
        .filter(([k]) => !['id', 'organization_id', 'created_at', 'updated_at', 'version'].includes(k))
        .flatMap(([field, value]) => readable({ field, label_key: '', before: null, after: value })),
    [state, readable],
  );
  return (
    <section className="history-as-of" data-testid="history-as-of-state" aria-label={t('asOfTitle', { day })}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={5}>{t('asOfTitle', { day })}</Typography.Title>
        {onRestore ? (
          <Button size="small" onClick={onRestore} data-testid="history-restore-as-of">
            {t('restoreAsOf')}
          </Button>
        ) : null}
      </Flex>
      {state ? (
        <dl>
          {rows.map((r) => (
            <div key={r.path} className="history-as-of-row">
              <dt>{r.label}</dt>
              <dd>{r.after}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Typography.Paragraph type="secondary">{t('asOfNone')}</Typography.Paragraph>
      )}
    </section>
  );
}
