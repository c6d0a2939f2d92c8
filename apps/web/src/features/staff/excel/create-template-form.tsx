import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Upload from 'antd/es/upload';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { STAFF_EXCEL_LAYOUTS, type StaffExcelLayout } from '@bo/shared/schemas/staff-excel';
import { SHELL_TOAST, toast } from '../../../lib/toast.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { ResourceForm } from '../../../components/resource/resource-form.tsx';
import { useServerFieldErrors } from '../../../components/resource/use-server-field-errors.ts';
import { createTemplate, XLSX_ACCEPT } from './api.ts';
import './i18n.ts';
import './staff-excel.css';

interface CreateValues {
  name: string;
  layout: StaffExcelLayout;
  start_row?: number;
  file?: File;
}

/** /admin/staff-excel/create: a template is its .xlsx file, a name and a layout. */
export function CreateTemplate() {
  const { t } = useTranslation('staff-excel');
  const { t: tr } = useTranslation('resource');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateValues>();
  const { onError, formError } = useServerFieldErrors(form);
  const [progress, setProgress] = useState<number | null>(null);
  const layout = Form.useWatch('layout', form);
  const file = Form.useWatch('file', form) as File | undefined;
  return (
    <div className="page staff-excel-create-page">
      <PageHeader extra={<Button onClick={() => navigate('/admin/staff-excel')}>{tr('back')}</Button>} />
      <ResourceForm<CreateValues>
        form={form}
        mode="create"
        submitting={progress !== null}
        formError={formError}
        onCancel={() => navigate('/admin/staff-excel')}
        initialValues={{ layout: 'card', start_row: 2 }}
        testId="staff-excel-create"
        onSubmit={async (v) => {
          if (!v.file) return;
          setProgress(0);
          try {
            const created = await createTemplate(
              { name: v.name, layout: v.layout, start_row: v.layout === 'roster' ? v.start_row : undefined, file: v.file },
              setProgress,
            );
            toast.success({ title: tr('created'), duration: SHELL_TOAST.duration });
            navigate(`/admin/staff-excel/${created.id}/update`, { replace: true });
          } catch (e) {
            onError(e);
          } finally {
            setProgress(null);
          }
        }}
      >
        <Form.Item
          name="file"
          label={t('file')}
          extra={t('fileHint')}
          required
          rules={[{ validator: (_r, v) => (v ? Promise.resolve() : Promise.reject(new Error(tc('validate.error.required')))) }]}
          valuePropName="file"
          getValueFromEvent={(e: { file: File }) => e?.file}
        >
          <Upload.Dragger
            accept={XLSX_ACCEPT}
            maxCount={1}
            showUploadList={false}
            data-testid="template-file"
            beforeUpload={(f) => {
              form.setFieldsValue({ file: f, ...(form.getFieldValue('name') ? {} : { name: f.name.replace(/\.xlsx$/i, '') }) });
              void form.validateFields(['file']);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{file ? file.name : t('chooseFile')}</p>
          </Upload.Dragger>
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: tc('validate.error.required') }]}>
          <Input maxLength={100} data-testid="template-name" />
        </Form.Item>
        <Form.Item name="layout" label={t('layout')}>
          <Radio.Group options={STAFF_EXCEL_LAYOUTS.map((l) => ({ value: l, label: t(`layouts.${l}`) }))} />
        </Form.Item>
        {layout === 'roster' ? (
          <Form.Item name="start_row" label={t('startRow')} extra={t('startRowHint')}>
            <InputNumber min={1} max={100000} />
          </Form.Item>
        ) : null}
        {progress !== null ? <Progress percent={progress} size="small" status="active" /> : null}
      </ResourceForm>
    </div>
  );
}
