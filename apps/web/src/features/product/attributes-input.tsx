import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { PRODUCT_KEYS, productAttribute } from '@bo/shared/schemas/product';
import { schemaRule, translateValidationKey } from '../../components/resource/field-rules.ts';
import { addValues, duplicates, type TagRefusal } from './product-logic.ts';
import './i18n.ts';

/** At most two lists combine into the instance set (the shared productAttributes). */
export const MAX_ATTRIBUTES = 2;
const MAX_VALUES = 30;
const MAX_VALUE_LENGTH = 30;

/**
 * The values of one attribute list as tags: Enter, a comma or leaving the field adds what was
 * typed (several at once separated by commas); a value already in the list is refused and said so.
 */
export function TagValuesInput({
  value = [],
  onChange,
  id,
  label,
  testId,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  id?: string;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation('product');
  const [text, setText] = useState('');
  const [refused, setRefused] = useState<{ reason: TagRefusal; value?: string } | null>(null);
  const commit = () => {
    if (!text.trim()) {
      setText('');
      return true;
    }
    const r = addValues(value, text, { maxCount: MAX_VALUES, maxLength: MAX_VALUE_LENGTH });
    if (r.refused) {
      setRefused({ reason: r.refused, value: r.value });
      return false;
    }
    setRefused(null);
    setText('');
    onChange?.(r.values);
    return true;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // A key pressed while an input method composes (注音, 倉頡…) belongs to the IME.
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Backspace' && !text && value.length) {
      onChange?.(value.slice(0, -1));
    }
  };
  return (
    <div>
      <div className="product-tags" data-testid={testId}>
        {value.map((v) => (
          <Tag
            key={v}
            closable={{ 'aria-label': t('removeValue', { value: v }) }}
            onClose={(e) => {
              e.preventDefault();
              onChange?.(value.filter((x) => x !== v));
            }}
          >
            {v}
          </Tag>
        ))}
        <input
          id={id}
          value={text}
          aria-label={label}
          placeholder={value.length ? '' : t('valuesPlaceholder')}
          onChange={(e) => {
            setText(e.target.value);
            if (refused) setRefused(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (text.trim()) commit();
          }}
          maxLength={200}
        />
      </div>
      {refused ? (
        <Typography.Text type="danger" role="alert" data-testid="product-value-refused">
          {t(`refused.${refused.reason}`, { value: refused.value, max: refused.reason === 'tooMany' ? MAX_VALUES : MAX_VALUE_LENGTH })}
        </Typography.Text>
      ) : null}
    </div>
  );
}

const valuesRule = {
  validator: async (_: unknown, v: string[] | undefined) => {
    if (!v?.length) throw new Error(translateValidationKey('validate.error.required'));
    if (duplicates(v).length) throw new Error(translateValidationKey(PRODUCT_KEYS.duplicateValue));
  },
};

/** The attribute lists of a product (Form.List `attributes`): a name, an English name and values each, at most two. */
export function AttributesEditor({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation('product');
  return (
    <Form.List name="attributes">
      {(fields, { add, remove }) => (
        <div data-testid="product-attributes">
          {fields.length === 0 ? (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {t('noAttributes')}
            </Typography.Paragraph>
          ) : null}
          {fields.map((field, i) => (
            <Card
              key={field.key}
              size="small"
              className="product-attribute"
              title={t('attributeN', { n: i + 1 })}
              extra={
                disabled ? null : (
                  <Button
                    type="text"
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={t('removeAttribute', { n: i + 1 })}
                  />
                )
              }
              data-testid={`product-attribute-${i}`}
            >
              <Row gutter={12}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[field.name, 'name']}
                    label={t('attributeName')}
                    required
                    dependencies={fields.filter((f) => f.key !== field.key).map((f) => ['attributes', f.name, 'name'])}
                    rules={[
                      schemaRule(productAttribute.shape.name),
                      ({ getFieldValue }) => ({
                        validator: async (_, v: string | undefined) => {
                          const names = ((getFieldValue('attributes') ?? []) as ({ name?: string } | undefined)[]).map((a) =>
                            a?.name?.trim(),
                          );
                          if (v?.trim() && names.filter((n) => n === v.trim()).length > 1)
                            throw new Error(translateValidationKey(PRODUCT_KEYS.duplicateValue));
                        },
                      }),
                    ]}
                  >
                    <Input placeholder={t('attributeNamePlaceholder')} data-testid={`product-attribute-name-${i}`} maxLength={30} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[field.name, 'name_en']}
                    label={t('attributeNameEn')}
                    rules={[schemaRule(productAttribute.shape.name_en)]}
                  >
                    <Input maxLength={30} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                name={[field.name, 'values']}
                label={t('values')}
                extra={t('valuesHint')}
                required
                rules={[valuesRule]}
                validateTrigger={['onChange', 'onBlur']}
              >
                <TagValuesInput label={t('valuesOf', { n: i + 1 })} testId={`product-attribute-values-${i}`} />
              </Form.Item>
            </Card>
          ))}
          {fields.length < MAX_ATTRIBUTES && !disabled ? (
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ name: '', name_en: null, values: [] })}
              data-testid="product-attribute-add"
              style={{ marginBottom: 16 }}
            >
              {t('addAttribute')}
            </Button>
          ) : null}
        </div>
      )}
    </Form.List>
  );
}
