import { useTranslation } from 'react-i18next';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import DatePicker from 'antd/es/date-picker';
import type { z } from 'zod';
import { dateStringProps } from './date-string-props.ts';
import { schemaRule } from './field-rules.ts';
import type { ResourceField } from './resource-spec.ts';

/** What Form.Item hands its input. */
interface Control {
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
}

function FieldInput({ field, ...control }: { field: ResourceField } & Control) {
  const { t } = useTranslation();
  const input = field.input ?? 'text';
  const test = field.testId ? { 'data-testid': field.testId } : {};
  if (typeof input !== 'string') {
    const Custom = input;
    return <Custom {...(control as object)} />;
  }
  switch (input) {
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 3 }} {...(control as object)} {...test} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...(control as object)} {...test} />;
    case 'select':
      return (
        <Select
          allowClear
          options={(field.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }))}
          {...(control as object)}
          {...test}
        />
      );
    case 'switch':
      return <Switch checked={control.value === true} onChange={(v) => control.onChange?.(v)} id={control.id} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} {...(control as object)} />;
    default:
      return <Input {...(control as object)} {...test} />;
  }
}

/** The declared fields, each checked by its entry of the shared schema. */
export function ResourceFields({ fields, schema }: { fields: ResourceField[]; schema: z.ZodObject }) {
  const { t } = useTranslation();
  return (
    <>
      {fields.map((f) => {
        const entry = schema.shape[f.name] as z.ZodType | undefined;
        return (
          <Form.Item
            key={f.name}
            name={f.name}
            label={t(f.label)}
            required={f.required}
            extra={f.extra && t(f.extra)}
            rules={entry ? [schemaRule(entry)] : []}
            {...(f.input === 'date' ? dateStringProps : {})}
          >
            <FieldInput field={f} />
          </Form.Item>
        );
      })}
    </>
  );
}
