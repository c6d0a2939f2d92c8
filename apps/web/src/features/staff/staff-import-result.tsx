import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Statistic from 'antd/es/statistic';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { StaffImportResult } from '@bo/shared/schemas/staff-import';
import { DownloadProgress, useDownloads } from '../../components/download-progress.tsx';
import { XLSX_TYPE, base64Blob, importOutcome } from './staff-import-mapping.ts';
import './i18n-import.ts';

/**
 * Step 4: what the import did, said plainly: every row handled (success), some failed (warning: how
 * many were written, how many failed and how to fix them), none handled (error); the counts of
 * added, updated, unchanged and failed rows; the error workbook of the failed rows.
 */
export function ImportResultStep({ result, onList, onAnother }: { result: StaffImportResult; onList(): void; onAnother(): void }) {
  const { t } = useTranslation('staff-import');
  const downloads = useDownloads();
  const outcome = importOutcome(result);
  const workbook = result.error_workbook;
  const download = () =>
    workbook &&
    void downloads.run(workbook.file_name, async () => ({
      blob: base64Blob(workbook.content_base64, XLSX_TYPE),
      filename: workbook.file_name,
    }));
  const title =
    outcome === 'success'
      ? t('resultSuccess')
      : outcome === 'warning'
        ? t('resultPartial', { imported: result.imported_count + result.unchanged_count, failed: result.rejected_count })
        : t('resultNone', { count: result.rejected_count });
  const counts: { key: string; title: string; value: number }[] = [
    { key: 'created', title: t('created'), value: result.created_count },
    ...(result.mode === 'upsert'
      ? [
          { key: 'updated', title: t('updated'), value: result.updated_count },
          { key: 'unchanged', title: t('unchanged'), value: result.unchanged_count },
        ]
      : []),
    { key: 'failed', title: t('failed'), value: result.rejected_count },
  ];
  return (
    <Result
      data-testid="import-result"
      data-outcome={outcome}
      status={outcome}
      title={<span data-testid="import-result-title">{title}</span>}
      subTitle={
        <span data-testid="import-result-detail">
          {t('modeUsed', { mode: t(`modes.${result.mode}`) })}
          <br />
          {outcome === 'success' ? t('resultSuccessDetail') : t('resultFix')}
        </span>
      }
      extra={
        <>
          <section
            className="staff-import-counts staff-import-result-counts"
            aria-label={t('resultCounts')}
            data-testid="import-result-counts"
          >
            {counts.map((c) => (
              <Statistic
                key={c.key}
                className={`staff-import-count-${c.key}`}
                title={c.title}
                value={c.value}
                data-testid={`result-${c.key}`}
              />
            ))}
          </section>
          <div className="staff-import-actions staff-import-result-actions">
            {workbook ? (
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                onClick={download}
                disabled={downloads.busy}
                data-testid="import-download-errors"
              >
                {t('downloadErrors')}
              </Button>
            ) : null}
            <Button type={workbook ? 'default' : 'primary'} onClick={onList} data-testid="import-to-list">
              {t('toList')}
            </Button>
            <Button onClick={onAnother}>{t('another')}</Button>
            <DownloadProgress jobs={downloads.jobs} />
          </div>
        </>
      }
    />
  );
}
