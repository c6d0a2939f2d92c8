import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Upload from 'antd/es/upload';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Progress from 'antd/es/progress';
import Typography from 'antd/es/typography';
import Space from 'antd/es/space';
import { STAFF_EXCEL_LAYOUTS, type StaffExcelLayout } from '@bo/shared/schemas/staff-excel';
import { ApiError, errorText, saveBlob } from '../../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../../lib/toast.ts';
import { translateValidationKey } from '../../../components/resource/field-rules.ts';
import { downloadTemplateFile, replaceTemplateFile, type StaffExcel, XLSX_ACCEPT } from './api.ts';
import './i18n.ts';

/** A template's settings as its update takes them. */
export interface TemplateSettings {
  name: string;
  layout: StaffExcelLayout;
  start_row: number;
}

export interface TemplateSettingsProps {
  tpl: StaffExcel;
  canWrite: boolean;
  value: TemplateSettings;
  /** A setting changed (the mapping has unsaved changes). */
  onChange(patch: Partial<TemplateSettings>): void;
  /** The template's file was replaced: the template is read again. */
  onReplaced(): Promise<unknown>;
}

/** A template's name, layout and first row, and its file: download it, replace it. */
export function TemplateSettingsCard({ tpl, canWrite, value, onChange, onReplaced }: TemplateSettingsProps) {
  const { t } = useTranslation('staff-excel');
  const [uploading, setUploading] = useState<number | null>(null);
  const { name, layout, start_row: startRow } = value;
  return (
    <Card style={{ marginBottom: 16 }}>
      <Flex gap={16} wrap align="flex-end">
        <div style={{ flex: '1 1 220px' }}>
          <label htmlFor="template-name-input" style={{ color: 'var(--bo-text-secondary)' }}>
            {t('name')}
          </label>
          <Input
            id="template-name-input"
            value={name}
            disabled={!canWrite}
            maxLength={100}
            onChange={(e) => {
              onChange({ name: e.target.value });
            }}
          />
        </div>
        <div>
          <Typography.Text type="secondary">{t('layout')}</Typography.Text>
          <br />
          <Radio.Group
            value={layout}
            disabled={!canWrite}
            optionType="button"
            onChange={(e) => {
              onChange({ layout: e.target.value });
            }}
            options={STAFF_EXCEL_LAYOUTS.map((l) => ({ value: l, label: t(`layoutShort.${l}`) }))}
          />
        </div>
        {layout === 'roster' ? (
          <div>
            <label htmlFor="template-start-row" style={{ color: 'var(--bo-text-secondary)' }}>
              {t('startRow')}
            </label>
            <br />
            <InputNumber
              id="template-start-row"
              min={1}
              max={100000}
              value={startRow}
              disabled={!canWrite}
              onChange={(v) => {
                onChange({ start_row: Number(v) || 1 });
              }}
            />
          </div>
        ) : null}
        <Space wrap>
          <Button
            onClick={async () => {
              try {
                const f = await downloadTemplateFile(tpl.id);
                saveBlob(f.blob, f.filename);
              } catch (e) {
                toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
              }
            }}
          >
            {t('downloadTemplate')}
          </Button>
          {canWrite ? (
            <Upload
              accept={XLSX_ACCEPT}
              showUploadList={false}
              beforeUpload={(f) => {
                setUploading(0);
                void replaceTemplateFile(tpl.id, f, setUploading)
                  .then(async () => {
                    await onReplaced();
                    toast.success({ title: t('fileReplaced'), duration: SHELL_TOAST.duration });
                  })
                  .catch((e) =>
                    toast.error({
                      title: e instanceof ApiError && e.errors?.file ? translateValidationKey(e.errors.file[0]!) : errorText(e),
                      duration: SHELL_TOAST.duration,
                    }),
                  )
                  .finally(() => setUploading(null));
                return false;
              }}
            >
              <Button loading={uploading !== null}>{t('replaceFile')}</Button>
            </Upload>
          ) : null}
        </Space>
      </Flex>
      {uploading !== null ? <Progress percent={uploading} size="small" status="active" /> : null}
    </Card>
  );
}
