import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Progress from 'antd/es/progress';
import Segmented from 'antd/es/segmented';
import Select, { type SelectProps } from 'antd/es/select';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import {
  IMPORT_FIELD_LABELS,
  STAFF_IMPORT_FIELDS,
  STAFF_IMPORT_HEADER_SCAN_ROWS,
  STAFF_IMPORT_REQUIRED,
  type StaffImportField,
  type StaffImportMapping,
  type StaffImportMode,
  type StaffImportPreview,
} from '@bo/shared/schemas/staff-import';
import { currentLanguage } from '../../i18n/index.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { UploadProgressList, type UploadItem } from '../../components/upload-progress-list.tsx';
import {
  XLSX_TYPE,
  assignColumn,
  fieldOfColumn,
  firstTab,
  mappedFields,
  missingKey,
  missingRequired,
  previewTableRows,
  rowsToWrite,
  type PreviewTab,
  type PreviewTableRow,
} from './staff-import-mapping.ts';
import { ImportModeChoice } from './staff-import-mode.tsx';
import './i18n.ts';
import './i18n-import.ts';

const fieldLabel = (f: StaffImportField) => IMPORT_FIELD_LABELS[currentLanguage()][f];

/** Step 1: create only or create and update, then the roster; it is read by the server right away (upload progress, then "reading"). */
export function UploadStep({
  busy,
  reading,
  error,
  mode,
  onMode,
  onChoose,
  onClear,
}: {
  busy: boolean;
  reading: UploadItem | null;
  error: string | null;
  mode: StaffImportMode;
  onMode(m: StaffImportMode): void;
  onChoose(f: File): void;
  onClear(): void;
}) {
  const { t } = useTranslation('staff-import');
  return (
    <div data-testid="import-upload">
      <ImportModeChoice mode={mode} disabled={busy} onMode={onMode} />
      <Upload.Dragger
        className="staff-import-drop"
        accept={`.xlsx,${XLSX_TYPE}`}
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(f) => {
          onChoose(f);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('dropTitle')}</p>
        <p className="ant-upload-hint">{t('dropHint')}</p>
      </Upload.Dragger>
      {reading ? (
        <div className="staff-import-reading">
          <UploadProgressList items={[reading]} onClear={onClear} />
          {reading.status === 'uploading' && reading.percent >= 99 ? (
            <Typography.Text type="secondary">{t('reading')}</Typography.Text>
          ) : null}
        </div>
      ) : null}
      {error && !reading ? <Alert className="staff-import-alert" type="error" showIcon title={error} /> : null}
    </div>
  );
}

/** Step 2: the sheet, the header row, and which staff field each column feeds. */
export function MappingStep({
  preview,
  mapping,
  busy,
  reading,
  onMapping,
  onSheet,
  onHeaderRow,
  onBack,
  onNext,
  canGoOn,
}: {
  preview: StaffImportPreview;
  mapping: StaffImportMapping;
  busy: boolean;
  reading: UploadItem | null;
  onMapping(m: StaffImportMapping): void;
  onSheet(sheet: string): void;
  onHeaderRow(row: number): void;
  onBack(): void;
  onNext(): void;
  canGoOn: boolean;
}) {
  const { t } = useTranslation('staff-import');
  const source = preview.mapping_source === 'saved' ? t('sourceSaved') : preview.mapping_source === 'suggested' ? t('sourceSuggested') : '';
  const options = [
    { value: '', label: t('notImported') },
    ...STAFF_IMPORT_FIELDS.map((f) => ({ value: f, label: `${fieldLabel(f)}${STAFF_IMPORT_REQUIRED.includes(f) ? ' *' : ''}` })),
  ];
  // In the list, a field another column feeds says which: choosing it here moves it.
  const optionRender = (o: { value?: unknown; label?: ReactNode }) => {
    const column = o.value ? mapping[o.value as StaffImportField] : undefined;
    return (
      <span className="staff-import-option">
        <span>{o.label}</span>
        {column ? <span className="staff-import-option-column">{t('columnShort', { column })}</span> : null}
      </span>
    );
  };
  return (
    <div data-testid="import-mapping">
      <Form layout="vertical" className="staff-import-options">
        <Form.Item label={t('file')}>
          <Typography.Text>{preview.file_name}</Typography.Text>
        </Form.Item>
        {preview.sheets.length > 1 ? (
          <ReadOption
            label={t('sheet')}
            testId="import-sheet"
            value={preview.sheet}
            disabled={busy}
            onChange={onSheet}
            options={preview.sheets.map((s) => ({ value: s.name, label: t('sheetRows', { name: s.name, count: s.rows }) }))}
          />
        ) : null}
        <ReadOption
          label={t('headerRow')}
          testId="import-header-row"
          value={preview.header_row}
          disabled={busy}
          onChange={onHeaderRow}
          options={Array.from({ length: STAFF_IMPORT_HEADER_SCAN_ROWS }, (_, i) => ({
            value: i + 1,
            label: t('headerRowValue', { row: i + 1 }),
          }))}
        />
      </Form>
      {source ? <Alert className="staff-import-alert" type="info" showIcon title={source} data-testid="mapping-source" /> : null}
      {missingRequired(mapping).length ? (
        <Alert className="staff-import-alert" type="warning" showIcon title={t('needName')} data-testid="mapping-need-name" />
      ) : null}
      {missingKey(preview.mode, mapping) ? (
        <Alert className="staff-import-alert" type="warning" showIcon title={t('needKey')} data-testid="mapping-need-key" />
      ) : null}
      {preview.columns.length ? (
        <ul className="staff-import-map-list" data-testid="mapping-table" aria-label={t('mappingList')}>
          <li className="staff-import-map-row staff-import-map-head" aria-hidden>
            <span>{t('header')}</span>
            <span>{t('field')}</span>
          </li>
          {preview.columns.map((c) => (
            <li key={c.column} className="staff-import-map-row">
              <div className="staff-import-column">
                <span className="staff-import-column-head">
                  <span className="staff-import-letter">{c.column}</span>
                  <Typography.Text strong>{c.header || t('noHeader')}</Typography.Text>
                </span>
                {c.samples.length ? <span className="staff-import-samples">{c.samples.join('、')}</span> : null}
              </div>
              <Select
                className="staff-import-field-select"
                value={fieldOfColumn(mapping, c.column) ?? ''}
                options={options}
                disabled={busy}
                optionRender={(o) => optionRender(o.data)}
                aria-label={t('fieldFor', { column: c.column, header: c.header || t('noHeader') })}
                data-testid={`mapping-${c.column}`}
                onChange={(v: string) => onMapping(assignColumn(mapping, c.column, (v || null) as StaffImportField | null))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState description={t('noRows')} />
      )}
      {reading?.status === 'uploading' ? <UploadProgressList items={[reading]} onClear={() => {}} /> : null}
      <div className="staff-import-actions">
        <Button onClick={onBack} disabled={busy}>
          {t('back')}
        </Button>
        <Button type="primary" onClick={onNext} disabled={!canGoOn} loading={busy} data-testid="import-next">
          {t('next')}
        </Button>
      </div>
    </div>
  );
}

/** Step 3: the counts and the rows (refused ones with their reasons), ten to a page; then the import. */
export function PreviewStep({
  preview,
  mapping,
  busy,
  importing,
  onBack,
  onImport,
}: {
  preview: StaffImportPreview;
  mapping: StaffImportMapping;
  busy: boolean;
  importing: number | null;
  onBack(): void;
  onImport(): void;
}) {
  const { t } = useTranslation('staff-import');
  const [tab, setTab] = useState<PreviewTab>(firstTab(preview));
  const lang = currentLanguage();
  const rows = useMemo(() => previewTableRows(preview, tab, lang), [preview, tab, lang]);
  const fields = mappedFields(mapping);
  const upsert = preview.mode === 'upsert';
  const fieldColumn = (f: StaffImportField) => ({
    key: f,
    title: fieldLabel(f),
    render: (_: unknown, r: PreviewTableRow) => r.values[f] ?? '—',
  });
  // Row and name stay in view; the reasons come right after them, before the other fields.
  const columns: ColumnsType<PreviewTableRow> = [
    { key: 'row', title: t('row'), dataIndex: 'row', fixed: 'left', width: 56 },
    ...(fields.includes('name') ? [{ ...fieldColumn('name'), fixed: 'left' as const }] : []),
    ...(tab === 'invalid'
      ? [
          {
            key: 'reasons',
            title: t('reasons'),
            render: (_: unknown, r: PreviewTableRow) => <span className="staff-import-reasons">{r.reasons}</span>,
          },
        ]
      : []),
    ...(tab === 'valid' && upsert
      ? [{ key: 'action', title: t('action'), render: (_: unknown, r: PreviewTableRow) => (r.action ? t(`actions.${r.action}`) : '') }]
      : []),
    ...fields.filter((f) => f !== 'name').map(fieldColumn),
  ];
  const toWrite = upsert ? rowsToWrite(preview) : preview.valid_count;
  return (
    <div data-testid="import-preview">
      <div className="staff-import-counts">
        <Statistic title={t('total')} value={preview.total} data-testid="import-total" />
        {upsert ? (
          <>
            <Statistic
              className="staff-import-count-valid"
              title={t('toCreate')}
              value={preview.create_count}
              data-testid="import-create-count"
            />
            <Statistic
              className="staff-import-count-valid"
              title={t('toUpdate')}
              value={preview.update_count}
              data-testid="import-update-count"
            />
            <Statistic title={t('unchanged')} value={preview.unchanged_count} data-testid="import-unchanged-count" />
          </>
        ) : (
          <Statistic className="staff-import-count-valid" title={t('valid')} value={preview.valid_count} data-testid="import-valid-count" />
        )}
        <Statistic
          className={preview.invalid_count ? 'staff-import-count-invalid' : undefined}
          title={t('invalid')}
          value={preview.invalid_count}
          data-testid="import-invalid-count"
        />
      </div>
      {preview.total === 0 ? (
        <EmptyState
          description={
            <>
              {t('noRows')}
              <br />
              {t('changeHeader')}
            </>
          }
        />
      ) : (
        <>
          {preview.valid_count === 0 ? <Alert className="staff-import-alert" type="warning" showIcon title={t('noneValid')} /> : null}
          {preview.valid_count > 0 && toWrite === 0 ? (
            <Alert className="staff-import-alert" type="info" showIcon title={t('nothingToWrite')} data-testid="import-nothing-to-write" />
          ) : null}
          <Segmented
            value={tab}
            onChange={(v) => setTab(v as PreviewTab)}
            data-testid="preview-tab"
            options={[
              { value: 'invalid', label: t('invalidTab', { count: preview.invalid_count }) },
              { value: 'valid', label: t('validTab', { count: preview.valid_count }) },
            ]}
          />
          {tab === 'valid' && preview.valid_count > preview.valid_rows.length ? (
            <Typography.Paragraph type="secondary" className="staff-import-note">
              {t('validSample', { count: preview.valid_rows.length })}
            </Typography.Paragraph>
          ) : null}
          <Table
            className="staff-import-preview-table"
            rowKey="key"
            size="small"
            columns={columns}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            data-testid="preview-table"
            locale={{ emptyText: <EmptyState description={tab === 'invalid' ? t('allValid') : t('noneValid')} /> }}
            pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true, size: 'small' }}
          />
        </>
      )}
      {importing !== null ? (
        <div className="staff-import-progress" role="status" data-testid="import-progress">
          <Typography.Text>{importing >= 99 ? t('importingServer') : t('uploading', { percent: importing })}</Typography.Text>
          <Progress percent={importing >= 99 ? 100 : importing} status="active" showInfo={importing < 99} aria-label={t('importing')} />
        </div>
      ) : null}
      <div className="staff-import-actions">
        <Button onClick={onBack} disabled={busy}>
          {t('back')}
        </Button>
        <Button
          type="primary"
          onClick={onImport}
          disabled={!toWrite || missingKey(preview.mode, mapping)}
          loading={importing !== null}
          data-testid="import-run"
        >
          {upsert ? t('importRowsButton', { count: toWrite }) : t('importButton', { count: toWrite })}
        </Button>
      </div>
    </div>
  );
}

/** One of the roster's reading options (its sheet, its header row): changing it reads the roster again. */
function ReadOption<V extends string | number>({ label, testId, ...select }: SelectProps<V> & { label: string; testId: string }) {
  return (
    <Form.Item label={label}>
      <Select<V> {...select} data-testid={testId} aria-label={label} />
    </Form.Item>
  );
}
