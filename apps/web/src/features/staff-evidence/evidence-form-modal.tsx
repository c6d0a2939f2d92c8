import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import type { EvidenceKind } from '@bo/shared/schemas/staff-evidence';
import { todayInTaipei } from '@bo/shared/dates';
import { errorText } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { applyServerErrors } from '../../components/resource/field-rules.ts';
import { dateStringProps } from '../../components/resource/date-string-props.ts';
import { EVIDENCE_FIELDS, evidenceBody, type EvidenceField } from './evidence-fields.ts';
import type { EvidenceRow } from './api.ts';
import './i18n.ts';

type Values = Record<string, unknown>;

/** Add or edit one evidence row; `onSave` sends it (and throws the server's refusal, shown on the fields). */
export function EvidenceFormModal(props: {
  kind: EvidenceKind;
  open: boolean;
  row: EvidenceRow | null;
  onSave: (body: Values) => Promise<unknown>;
  onClose: () => void;
}) {
  const { kind, open, row, onSave, onClose } = props;
  const { t } = useTranslation('staff-evidence');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  // Set once the dialog has rendered its form. Never forceRender: a hidden dialog's portal takes Escape from
  // every drawer opened before it (rc-component's Escape stack), e.g. the staff form's History drawer.
  useEffect(() => {
    if (open)
      form.setFieldsValue(row ? { ...(row as Values) } : Object.fromEntries(EVIDENCE_FIELDS[kind].fields.map((f) => [f.name, null])));
  }, [open, row, kind, form]);

  // A sealed value typed in (a grade, a card number) does not stay in the page once the dialog closes.
  const close = () => {
    form.resetFields();
    onClose();
  };

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      await onSave(evidenceBody(kind, values));
      toast.success({ title: t('saved') });
      close();
    } catch (e) {
      if (!applyServerErrors(form, e)) toast.error({ title: t('saveFailed'), description: errorText(e) });
    } finally {
      setSaving(false);
    }
  };

  const input = (f: EvidenceField) => {
    switch (f.type) {
      case 'select':
        return <Select options={f.options!.map((o) => ({ value: o, label: t(`options.${f.name}.${o}`) }))} />;
      case 'number':
        return <InputNumber min={0} step={0.5} style={{ width: '100%' }} />;
      case 'textarea':
        return <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />;
      case 'day':
      case 'pastDay':
        return (
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={f.type === 'pastDay' ? (d) => d.isAfter(dayjs(todayInTaipei()), 'day') : undefined}
          />
        );
      default:
        return <Input autoComplete="off" />;
    }
  };

  return (
    <Modal
      open={open}
      title={`${t(row ? 'edit' : 'add')} · ${t(`tabs.${kind}`)}`}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid={`evidence-form-${kind}`}>
        {EVIDENCE_FIELDS[kind].fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={t(`fields.${f.name}`)}
            required={f.required}
            rules={f.required ? [{ required: true, message: t('validate.error.required', { ns: 'common' }) }] : undefined}
            extra={f.sealed && row?.[f.name as keyof EvidenceRow] ? t('sealedHint') : undefined}
            {...(f.type === 'day' || f.type === 'pastDay' ? dateStringProps : {})}
          >
            {input(f)}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
