import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import AntApp from 'antd/es/app';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Steps from 'antd/es/steps';
import Typography from 'antd/es/typography';
import {
  STAFF_IMPORT_MAX_BYTES,
  type StaffImportMapping,
  type StaffImportMode,
  type StaffImportPreview,
  type StaffImportResult,
} from '@bo/shared/schemas/staff-import';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { useActiveOrganization } from '../../lib/session.ts';
import { useIsPhone } from './staff-import-mapping.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { InterruptedWorkNotice } from '../../components/interrupted-work-notice.tsx';
import { translateValidationKey } from '../../components/resource/field-rules.ts';
import type { UploadItem } from '../../components/upload-progress-list.tsx';
import { useStaffImport } from './api.ts';
import { ImportCompanyChoice } from './staff-import-company.tsx';
import { useLeaveGuard } from './staff-import-leave-guard.ts';
import { localFileProblem, missingKey, missingRequired, rowsToWrite, sameMapping } from './staff-import-mapping.ts';
import { ImportResultStep } from './staff-import-result.tsx';
import { MappingStep, PreviewStep, UploadStep } from './staff-import-steps.tsx';
import './i18n.ts';
import './i18n-import.ts';
import './staff-import.css';

type Step = 'upload' | 'map' | 'preview' | 'result';
const STEPS: Step[] = ['upload', 'map', 'preview', 'result'];

interface ReadOptions {
  sheet?: string;
  header_row?: number;
  mapping?: StaffImportMapping;
}

/**
 * Staff import from an .xlsx roster: mode and upload → map columns → check rows → import. The roster stays
 * in the browser and goes with each step; the server reads it, checks every row with the staff
 * form's rules and answers the preview, then imports the valid rows all at once.
 */
export default function StaffImportPage() {
  const { t } = useTranslation('staff-import');
  const navigate = useNavigate();
  const { modal } = AntApp.useApp();
  const importer = useStaffImport();
  const { organization } = useActiveOrganization();
  const isPhone = useIsPhone();
  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<StaffImportPreview | null>(null);
  const [mapping, setMapping] = useState<StaffImportMapping>({});
  const [mode, setMode] = useState<StaffImportMode>('create');
  const [contractorId, setContractorId] = useState<number | null>(null);
  const [result, setResult] = useState<StaffImportResult | null>(null);
  const [reading, setReading] = useState<UploadItem | null>(null);
  const [importing, setImporting] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const describe = useCallback(
    (e: unknown): string => {
      if (e instanceof ApiError) {
        if (e.status === 413) return t('tooLarge');
        if (e.status === 409) return t('conflict');
        if (e.errors) return [...new Set(Object.values(e.errors).flat())].map(translateValidationKey).join(' ');
      }
      return errorText(e);
    },
    [t],
  );

  const formFor = (f: File, o: ReadOptions) => {
    const form = new FormData();
    form.append('file', f);
    form.append('lang', currentLanguage());
    form.append('mode', mode);
    if (contractorId !== null) form.append('contractor_id', String(contractorId));
    if (o.sheet !== undefined) form.append('sheet', o.sheet);
    if (o.header_row !== undefined) form.append('header_row', String(o.header_row));
    if (o.mapping) form.append('mapping', JSON.stringify(o.mapping));
    return form;
  };

  /** Sends the roster for a preview (with the options given) and opens `next` with the answer. */
  const read = async (f: File, o: ReadOptions, next: Step): Promise<boolean> => {
    const key = `${Date.now()}`;
    setError(null);
    setReading({ key, name: f.name, percent: 0, status: 'uploading' });
    try {
      const p = await importer.preview(formFor(f, o), (percent) => setReading((r) => (r ? { ...r, percent: Math.min(percent, 99) } : r)));
      setReading(null);
      setFile(f);
      setPreview(p);
      setMapping(p.mapping);
      setStep(next);
      return true;
    } catch (e) {
      const message = describe(e);
      setReading({ key, name: f.name, percent: 100, status: 'error', error: message });
      setError(message);
      return false;
    }
  };

  const choose = (f: File) => {
    const problem = localFileProblem(f, STAFF_IMPORT_MAX_BYTES);
    if (problem) {
      const message = t(problem === 'type' ? 'notXlsx' : problem === 'size' ? 'tooLarge' : 'emptyFile');
      setReading({ key: `${Date.now()}`, name: f.name, percent: 0, status: 'error', error: message });
      setError(message);
      return;
    }
    void read(f, {}, 'map');
  };

  const sheetOptions = (p: StaffImportPreview) => ({ sheet: p.sheet, header_row: p.header_row });

  const toPreview = () => {
    if (!file || !preview) return;
    if (sameMapping(mapping, preview.mapping)) setStep('preview');
    else void read(file, { ...sheetOptions(preview), mapping }, 'preview');
  };

  const runImport = async () => {
    if (!file || !preview) return;
    const ok = await new Promise<boolean>((resolve) => {
      modal.confirm({
        title:
          preview.mode === 'upsert'
            ? t('confirmUpsertTitle', { create: preview.create_count, update: preview.update_count })
            : t('confirmTitle', { count: rowsToWrite(preview) }),
        content: preview.invalid_count ? t('confirmInvalid', { count: preview.invalid_count }) : undefined,
        okText: t('confirmOk'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
    if (!ok) return;
    setError(null);
    setImporting(0);
    try {
      const r = await importer.run(formFor(file, { ...sheetOptions(preview), mapping }), (percent) => setImporting(Math.min(percent, 99)));
      setResult(r);
      setStep('result');
    } catch (e) {
      setError(`${t('importFailed')}: ${describe(e)}`);
    } finally {
      setImporting(null);
    }
  };

  const reset = () => {
    setStep('upload');
    setFile(null);
    setPreview(null);
    setMapping({});
    setMode('create');
    setResult(null);
    setReading(null);
    setError(null);
  };

  // A switch of organization: the rows are checked again against the staff of the new one.
  const orgId = organization?.id ?? null;
  const lastOrg = useRef(orgId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a switch of organization only; the step, file and mapping it reads are the current ones, and re-running on their changes would re-read the file at every step
  useEffect(() => {
    if (lastOrg.current === orgId) return;
    lastOrg.current = orgId;
    if (step === 'result') reset();
    else if (file && preview) void read(file, { ...sheetOptions(preview), mapping }, step);
  }, [orgId]);

  const confirmLeave = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: t('leaveTitle'),
          content: t('leaveContent'),
          okText: t('leaveOk'),
          cancelText: t('stay'),
          okButtonProps: { danger: true },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );
  useLeaveGuard((step === 'map' || step === 'preview' || importing !== null) && !result, confirmLeave);

  const busy = reading?.status === 'uploading' || importing !== null;

  return (
    <div className="page staff-import-page">
      <PageHeader subtitle={t('intro')} />
      <Steps
        className="staff-import-steps"
        size="small"
        current={STEPS.indexOf(step)}
        data-testid="import-steps"
        responsive={false}
        titlePlacement={isPhone ? 'vertical' : 'horizontal'}
        items={STEPS.map((s) => ({ title: t(`steps.${s}`) }))}
      />
      <Card className="staff-import-card">
        {step === 'upload' ? <InterruptedWorkNotice kind="staff_import" /> : null}
        {error && step !== 'upload' ? (
          <Alert
            className="staff-import-alert"
            type="error"
            showIcon
            title={error}
            data-testid="import-error"
            closable={{ onClose: () => setError(null) }}
          />
        ) : null}
        {step === 'upload' ? <ImportCompanyChoice contractorId={contractorId} disabled={busy} onChange={setContractorId} /> : null}
        {step === 'upload' ? (
          <UploadStep
            busy={busy}
            reading={reading}
            error={error}
            mode={mode}
            onMode={setMode}
            onChoose={choose}
            onClear={() => {
              setReading(null);
              setError(null);
            }}
          />
        ) : null}
        {step === 'map' && preview ? (
          <MappingStep
            preview={preview}
            mapping={mapping}
            busy={busy}
            reading={reading}
            onMapping={setMapping}
            onSheet={(sheet) => file && void read(file, { sheet }, 'map')}
            onHeaderRow={(row) => file && void read(file, { sheet: preview.sheet, header_row: row }, 'map')}
            onBack={reset}
            onNext={toPreview}
            canGoOn={missingRequired(mapping).length === 0 && !missingKey(preview.mode, mapping)}
          />
        ) : null}
        {step === 'preview' && preview ? (
          <PreviewStep
            preview={preview}
            mapping={mapping}
            busy={busy}
            importing={importing}
            onBack={() => setStep('map')}
            onImport={() => void runImport()}
          />
        ) : null}
        {step === 'result' && result ? (
          <ImportResultStep result={result} onList={() => navigate('/admin/staff')} onAnother={reset} />
        ) : null}
        {step !== 'upload' && !preview ? <Typography.Text type="secondary">{t('reading')}</Typography.Text> : null}
      </Card>
    </div>
  );
}
