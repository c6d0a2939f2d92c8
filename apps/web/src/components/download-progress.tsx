import './download-progress.css';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Progress from 'antd/es/progress';
import Typography from 'antd/es/typography';
import { errorText, saveBlob } from '../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../lib/toast.ts';
import { addTranslations } from '../i18n/index.ts';

addTranslations('download', {
  'zh-TW': { preparing: '產生檔案中…', downloading: '下載中… {{percent}}%', downloaded: '已下載 {{name}}', list: '下載進度' },
  'en-US': {
    preparing: 'Building the file…',
    downloading: 'Downloading… {{percent}}%',
    downloaded: 'Downloaded {{name}}',
    list: 'Download progress',
  },
});

/** One running download: `percent` is null until the server says how big the file is. */
export interface DownloadJob {
  key: number;
  label: string;
  percent: number | null;
}

export type FetchBlob = (onProgress: (percent: number) => void) => Promise<{ blob: Blob; filename: string }>;

export interface DownloadOptions {
  /** The success toast's title (default "Downloaded {{name}}"). */
  done?: (filename: string) => string;
  /** The failure toast's title, with the error as its description (default: the error as the title). */
  failed?: string;
}

let seq = 0;

/**
 * Every download and export of the app: `run(label, fetch)` shows the job in <DownloadProgress>,
 * saves the file, toasts the outcome and resolves true on success. `busy` while any job runs.
 *
 *   const downloads = useDownloads();
 *   <Button disabled={downloads.busy} onClick={() => downloads.run(name, (p) => api.download(url, body, { onProgress: p }))} />
 *   <DownloadProgress jobs={downloads.jobs} />
 */
export function useDownloads() {
  const { t } = useTranslation('download');
  const [jobs, setJobs] = useState<DownloadJob[]>([]);
  const run = useCallback(
    async (label: string, fetch: FetchBlob, o: DownloadOptions = {}): Promise<boolean> => {
      const key = ++seq;
      setJobs((all) => [...all, { key, label, percent: null }]);
      try {
        const { blob, filename } = await fetch((percent) => setJobs((all) => all.map((j) => (j.key === key ? { ...j, percent } : j))));
        saveBlob(blob, filename);
        toast.success({ title: o.done ? o.done(filename) : t('downloaded', { name: filename }), duration: SHELL_TOAST.duration });
        return true;
      } catch (e) {
        toast.error(
          o.failed
            ? { title: o.failed, description: errorText(e), duration: SHELL_TOAST.duration }
            : { title: errorText(e), duration: SHELL_TOAST.duration },
        );
        return false;
      } finally {
        setJobs((all) => all.filter((j) => j.key !== key));
      }
    },
    [t],
  );
  return { jobs, busy: jobs.length > 0, run };
}

/** The running downloads, one bar each: indeterminate while the server builds the file, then the percentage. */
export function DownloadProgress({ jobs, testId = 'download-progress' }: { jobs: DownloadJob[]; testId?: string }) {
  const { t } = useTranslation('download');
  if (!jobs.length) return null;
  return (
    <div className="download-progress" role="status" aria-label={t('list')} data-testid={testId}>
      {jobs.map((j) => (
        <div key={j.key} className="download-progress-item" data-testid="download-progress-item">
          <Typography.Text ellipsis className="download-progress-label" title={j.label}>
            {j.label}
          </Typography.Text>
          <Typography.Text type="secondary" className="download-progress-status">
            {j.percent === null ? t('preparing') : t('downloading', { percent: j.percent })}
          </Typography.Text>
          <Progress
            className="download-progress-bar"
            size="small"
            status="active"
            percent={j.percent ?? 100}
            showInfo={j.percent !== null}
            strokeColor={j.percent === null ? '#91caff' : undefined}
            aria-label={j.label}
          />
        </div>
      ))}
    </div>
  );
}
