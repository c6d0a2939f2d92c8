import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { previewGeneration } from './product-logic.ts';
import './i18n.ts';

/** What generating would do with the attribute lists in the form: the instances it creates, keeps and removes. */
export function InstancesPreview({ preview, productDirty }: { preview: ReturnType<typeof previewGeneration>; productDirty: boolean }) {
  const { t } = useTranslation('product');
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="instances-preview"
      title={t('previewTitle', { create: preview.create.length, keep: preview.keep.length, remove: preview.remove.length })}
      description={
        <Flex vertical gap={6} className="product-preview">
          {preview.create.length ? (
            <Flex gap={4} wrap align="center">
              <Typography.Text>{t('previewCreate')}</Typography.Text>
              {preview.create.slice(0, 30).map((n) => (
                <Tag key={n} color="green">
                  {n}
                </Tag>
              ))}
              {preview.create.length > 30 ? <Typography.Text>… +{preview.create.length - 30}</Typography.Text> : null}
            </Flex>
          ) : null}
          {preview.remove.length ? (
            <Flex gap={4} wrap align="center">
              <Typography.Text type="danger">{t('previewRemove')}</Typography.Text>
              {preview.remove.map((n) => (
                <Tag key={n} color="red" className="product-preview-removed">
                  {n}
                </Tag>
              ))}
            </Flex>
          ) : null}
          {productDirty ? <Typography.Text type="secondary">{t('previewUnsaved')}</Typography.Text> : null}
        </Flex>
      }
    />
  );
}
