import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ButtonProps } from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { productPrice, productStock } from '@bo/shared/schemas/product';
import { translateValidationKey } from '../../components/resource/field-rules.ts';
import { PriceInput } from './price-input.tsx';
import './i18n.ts';

/** Batch edit of the selected instances' price and/or stock (an empty field stays as it is). */
export function BatchEditModal({
  open,
  count,
  onClose,
  onSubmit,
}: {
  open: boolean;
  count: number;
  onClose(): void;
  onSubmit(v: { price?: number; stock?: number }): Promise<boolean>;
}) {
  const { t } = useTranslation('product');
  const [form] = Form.useForm<{ price?: number | null; stock?: number | null }>();
  const [busy, setBusy] = useState(false);
  const optional = (schema: typeof productPrice) => ({
    validator: async (_: unknown, v: number | null | undefined) => {
      if (v === null || v === undefined) return;
      const r = schema.safeParse(v);
      if (!r.success) throw new Error(translateValidationKey(r.error.issues[0]?.message ?? ''));
    },
  });
  return (
    <Modal
      open={open}
      title={t('batchTitle', { count })}
      okText={t('batchOk')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'instance-batch-ok' } as ButtonProps}
      data-testid="instance-batch-modal"
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={async (v) => {
          const body = {
            ...(v.price !== null && v.price !== undefined ? { price: v.price } : {}),
            ...(v.stock !== null && v.stock !== undefined ? { stock: v.stock } : {}),
          };
          if (!Object.keys(body).length) {
            form.setFields([{ name: 'price', errors: [t('batchNothing')] }]);
            return;
          }
          setBusy(true);
          try {
            if (await onSubmit(body)) onClose();
          } finally {
            setBusy(false);
          }
        }}
      >
        <Typography.Paragraph type="secondary">{t('batchHint')}</Typography.Paragraph>
        <Form.Item name="price" label={t('price')} rules={[optional(productPrice)]}>
          <PriceInput style={{ width: '100%' }} data-testid="instance-batch-price" />
        </Form.Item>
        <Form.Item name="stock" label={t('stock')} rules={[optional(productStock)]}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid="instance-batch-stock" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
