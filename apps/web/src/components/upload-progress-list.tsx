import './image-viewer.css';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Progress from 'antd/es/progress';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { errorText } from '../lib/api-client.ts';
import { addTranslations } from '../i18n/index.ts';

addTranslations('upload', {
  'zh-TW': { uploading: '上傳中', done: '完成', failed: '失敗', clear: '清除已完成', list: '上傳進度' },
  'en-US': { uploading: 'Uploading', done: 'Done', failed: 'Failed', clear: 'Clear finished', list: 'Upload progress' },
});

export interface UploadItem {
  key: string;
  name: string;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  error?: string;
}

/**
 * One progress bar per file. `run(files, send)` uploads the files one after another (each with its
 * own bar) and resolves with the results that succeeded.
 */
export function useUploadQueue() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const update = useCallback(
    (key: string, patch: Partial<UploadItem>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i))),
    [],
  );
  const run = useCallback(
    async <T,>(files: File[], send: (file: File, onProgress: (p: number) => void) => Promise<T>): Promise<T[]> => {
      const batch = files.map((f, n) => ({ key: `${Date.now()}-${n}-${f.name}`, name: f.name, percent: 0, status: 'uploading' as const }));
      setItems((all) => [...batch, ...all.filter((i) => i.status === 'uploading')]);
      const done: T[] = [];
      for (const [n, file] of files.entries()) {
        const key = batch[n].key;
        try {
          done.push(await send(file, (p) => update(key, { percent: Math.min(p, 99) })));
          update(key, { percent: 100, status: 'done' });
        } catch (e) {
          update(key, { status: 'error', error: errorText(e) });
        }
      }
      return done;
    },
    [update],
  );
  const clear = useCallback(() => setItems((all) => all.filter((i) => i.status === 'uploading')), []);
  return { items, run, clear };
}

export function UploadProgressList({ items, onClear }: { items: UploadItem[]; onClear(): void }) {
  const { t } = useTranslation('upload');
  if (!items.length) return null;
  return (
    <section className="upload-progress-list" aria-label={t('list')} data-testid="upload-progress-list">
      {items.map((i) => (
        <div key={i.key} className="upload-progress-item" data-testid="upload-progress" data-status={i.status}>
          <Typography.Text ellipsis className="upload-progress-name" title={i.name}>
            {i.name}
          </Typography.Text>
          <Progress
            percent={i.percent}
            size="small"
            status={i.status === 'error' ? 'exception' : i.status === 'done' ? 'success' : 'active'}
            aria-label={`${i.name}: ${i.status === 'error' ? t('failed') : i.status === 'done' ? t('done') : t('uploading')}`}
          />
          {i.error ? (
            <Typography.Text type="danger" className="upload-progress-error">
              {i.error}
            </Typography.Text>
          ) : null}
        </div>
      ))}
      {items.some((i) => i.status !== 'uploading') ? (
        <Button size="small" type="link" onClick={onClear}>
          {t('clear')}
        </Button>
      ) : null}
    </section>
  );
}
