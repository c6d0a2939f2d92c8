import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { LOG_LEVEL_NAMES } from '@bo/shared/schemas/operations';
import { api, errorText } from '../../lib/api-client.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { DownloadProgress, useDownloads } from '../../components/download-progress.tsx';
import './i18n.ts';

interface LogFile {
  name: string;
  size: number;
  modified_at: string;
}
interface Entry {
  offset: number;
  level: number;
  time: string | null;
  msg: string;
  data: Record<string, unknown>;
}
interface Page {
  data: Entry[];
  next_before: number | null;
  next_after: number;
}
type Level = (typeof LOG_LEVEL_NAMES)[number];

const BASE = '/api/admin/debug/logs';
const PAGE = 100;
const FOLLOW_MS = 2000;
const LEVEL_OF: Record<number, { name: string; color: string }> = {
  10: { name: 'trace', color: 'default' },
  20: { name: 'debug', color: 'default' },
  30: { name: 'info', color: 'blue' },
  40: { name: 'warn', color: 'gold' },
  50: { name: 'error', color: 'red' },
  60: { name: 'fatal', color: 'magenta' },
};

/**
 * /admin/debug/log-viewer (maintainers; the Debug menu opens it in a new tab): the server's log files,
 * newest entries first, search and level filter (in the address, so a link reproduces the view),
 * older pages, follow live, and the file's download. Entries were redacted when written.
 */
export default function LogViewerPage() {
  const { t } = useTranslation('log-viewer');
  const [params, setParams] = useSearchParams();
  const files = useQuery({ queryKey: [BASE], queryFn: () => api.get<{ data: LogFile[] }>(BASE).then((r) => r.data) });
  const file = params.get('file') ?? files.data?.[0]?.name ?? null;
  const q = params.get('q') ?? '';
  const level = (params.get('level') as Level | null) ?? undefined;
  const [search, setSearch] = useState(q);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [follow, setFollow] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const after = useRef(0);
  const downloads = useDownloads();

  const set = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p, { replace: true });
  };
  const query = useCallback(
    (extra: Record<string, number>) => ({ file, ...(q ? { q } : {}), ...(level ? { level } : {}), limit: PAGE, ...extra }),
    [file, q, level],
  );

  const loadFirst = useCallback(async () => {
    if (!file) return;
    setLoading(true);
    setError(null);
    try {
      const page = await api.get<Page>(`${BASE}/entries`, query({}));
      setEntries(page.data);
      setNextBefore(page.next_before);
      after.current = page.next_after;
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  }, [file, query]);

  useEffect(() => {
    void loadFirst();
  }, [loadFirst]);

  useEffect(() => {
    if (!follow || !file) return;
    const id = setInterval(() => {
      api.get<Page>(`${BASE}/entries`, query({ after: after.current })).then(
        (page) => {
          after.current = page.next_after;
          if (page.data.length) setEntries((list) => [...[...page.data].reverse(), ...list]);
        },
        () => setFollow(false),
      );
    }, FOLLOW_MS);
    return () => clearInterval(id);
  }, [follow, file, query]);

  const older = async () => {
    if (nextBefore === null) return;
    setLoading(true);
    try {
      const page = await api.get<Page>(`${BASE}/entries`, query({ before: nextBefore }));
      setEntries((list) => [...list, ...page.data]);
      setNextBefore(page.next_before);
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="page log-viewer-page">
      <PageHeader />
      <Card>
        <Flex gap={8} wrap align="center" className="log-viewer-filters">
          <Select
            aria-label={t('file')}
            value={file ?? undefined}
            loading={files.isPending}
            onChange={(v: string) => set({ file: v })}
            options={(files.data ?? []).map((f) => ({ value: f.name, label: `${f.name} (${Math.ceil(f.size / 1024)} KB)` }))}
            style={{ minWidth: 260 }}
            data-testid="log-file"
          />
          <Input.Search
            aria-label={t('search')}
            placeholder={t('search')}
            allowClear
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => set({ q: v.trim() || null })}
            style={{ width: 260 }}
            data-testid="log-search"
          />
          <Select
            aria-label={t('level')}
            allowClear
            placeholder={t('level')}
            value={level}
            onChange={(v?: Level) => set({ level: v ?? null })}
            options={LOG_LEVEL_NAMES.map((l) => ({ value: l, label: t('atLeast', { level: l }) }))}
            style={{ width: 160 }}
            data-testid="log-level"
          />
          <Flex gap={6} align="center">
            <Switch checked={follow} onChange={setFollow} id="log-follow" data-testid="log-follow" />
            <label htmlFor="log-follow">{t('follow')}</label>
          </Flex>
          <Button
            icon={<DownloadOutlined />}
            disabled={!file || downloads.busy}
            onClick={() =>
              file && void downloads.run(file, (p) => api.download(`${BASE}/download`, { file }, { method: 'GET', onProgress: p }))
            }
            data-testid="log-download"
          >
            {t('download')}
          </Button>
        </Flex>
        <DownloadProgress jobs={downloads.jobs} />
        {files.isError ? (
          <ErrorState error={files.error} onRetry={() => void files.refetch()} />
        ) : error ? (
          <ErrorState error={error} onRetry={() => void loadFirst()} />
        ) : !files.isPending && !file ? (
          <EmptyState description={t('noFiles')} />
        ) : (
          <>
            <ol className="log-entries" aria-busy={loading} data-testid="log-entries">
              {entries.map((e) => {
                const lvl = LEVEL_OF[e.level] ?? { name: String(e.level), color: 'default' };
                return (
                  <li key={e.offset} className="log-entry">
                    <button
                      type="button"
                      className="log-entry-row"
                      aria-expanded={open === e.offset}
                      onClick={() => setOpen(open === e.offset ? null : e.offset)}
                    >
                      <span className="log-time">{e.time ? formatDateTime(e.time, 'YYYY-MM-DD HH:mm:ss') : '—'}</span>
                      <Tag color={lvl.color}>{lvl.name}</Tag>
                      <span className="log-msg">{e.msg || t('noMessage')}</span>
                    </button>
                    {open === e.offset ? <pre className="log-json">{JSON.stringify(e.data, null, 2)}</pre> : null}
                  </li>
                );
              })}
            </ol>
            {!loading && entries.length === 0 ? <EmptyState description={q || level ? t('noMatch') : t('empty')} /> : null}
            {nextBefore !== null ? (
              <Button onClick={() => void older()} loading={loading} block data-testid="log-older">
                {t('older')}
              </Button>
            ) : entries.length ? (
              <p className="muted log-start">{t('start')}</p>
            ) : null}
            {error ? <p className="field-error">{errorText(error)}</p> : null}
          </>
        )}
      </Card>
    </div>
  );
}
