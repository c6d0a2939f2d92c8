import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { PRODUCT_STATUSES, productInput, type Product, type ProductStatus } from '@bo/shared/schemas/product';
import { ROLES } from '@bo/shared/permissions';
import { adminPath } from '../../lib/feature.ts';
import { useRouteMeta } from '../../lib/route-meta.ts';
import { useAppConfig } from '../../lib/settings.ts';
import { GalleryInput } from '../../components/gallery-input.tsx';
import { RichTextEditor } from '../../components/rich-text/rich-text-editor.tsx';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { ContentFormScreen } from '../../components/resource/content-form-screen.tsx';
import { HistoryPanel, versionOf } from '../../components/history/history-panel.tsx';
import { useResourceForm } from '../../components/resource/use-resource-form.ts';
import { ReviewBar, useReviewGate } from '../../components/review/review-bar.tsx';
import { productsApi } from './api.ts';
import { AttributesEditor } from './attributes-input.tsx';
import { ProductCategorySelect } from './category-select.tsx';
import { ProductInstances } from './product-instances.tsx';
import type { InstanceEdits } from './use-instance-row-saves.ts';
import { suggestSlug, type AttributeList } from './product-logic.ts';
import { ProductStatusTag } from './product-status-tag.tsx';
import './i18n.ts';
import './product.css';

interface Values {
  slug: string;
  name: string;
  name_en: string | null;
  category_id: number | null;
  summary: string | null;
  summary_en: string | null;
  description: string;
  description_en: string | null;
  photo_ids: number[];
  attributes: { name: string; name_en: string | null; values: string[] }[];
  status: ProductStatus;
  sort_order: number;
}

const NEW: Values = {
  slug: '',
  name: '',
  name_en: null,
  category_id: null,
  summary: null,
  summary_en: null,
  description: '',
  description_en: null,
  photo_ids: [],
  attributes: [],
  status: 'draft',
  sort_order: 0,
};

/** The form's values of a loaded product. */
const valuesOf = (p: Product): Values => ({
  slug: p.slug,
  name: p.name,
  name_en: p.name_en,
  category_id: p.category_id,
  summary: p.summary,
  summary_en: p.summary_en,
  description: p.description,
  description_en: p.description_en,
  photo_ids: p.photo_ids,
  attributes: p.attributes.map((a) => ({ name: a.name, name_en: a.name_en, values: [...a.values] })),
  status: p.status,
  sort_order: p.sort_order,
});

/** /admin/product/create and /admin/product/{id}/update: a product, its attribute lists and (once saved) its instance set. */
export default function ProductFormPage() {
  const { t } = useTranslation('product');
  const { productInstanceSeparator: separator = '-' } = useAppConfig();
  const { mode = 'update' } = useRouteMeta();
  const slugTouched = useRef(mode === 'update');
  const edits = useRef<InstanceEdits>(null);
  const rf = useResourceForm<Product, Values, Record<string, unknown>>({
    api: productsApi,
    basePath: adminPath('product'),
    writeRoles: ROLES.product,
    toValues: valuesOf,
    toBody: (v) => ({ ...v, attributes: (v.attributes ?? []).map((a) => ({ ...a, values: a.values ?? [] })) }),
    words: { created: t('created'), saved: t('changed') },
    // One save for the whole product: the instance rows edited below the form are checked first and saved with it.
    beforeSave: async () => edits.current?.check(),
    afterSave: async () => edits.current?.saveEdited(),
    onValuesChange: (changed, form) => {
      if ('slug' in changed) slugTouched.current = true;
      if (!slugTouched.current && ('name' in changed || 'name_en' in changed)) {
        const { name, name_en } = form.getFieldsValue(['name', 'name_en']);
        form.setFieldValue('slug', suggestSlug(name_en || name || ''));
      }
    },
  });
  const { form, record, canWrite } = rf;
  const gate = useReviewGate('product', record?.id);
  const attributes = (Form.useWatch('attributes', form) ?? record?.attributes ?? []) as (Partial<AttributeList> | undefined)[];

  const rule = (name: keyof typeof productInput.shape) => [schemaRule(productInput.shape[name])];
  return (
    <ContentFormScreen<Values>
      name="product"
      resourceForm={rf}
      lease={{ targetType: 'product', id: rf.target }}
      title={record?.name}
      apiPath={productsApi.base}
      headerExtra={
        record ? (
          <>
            <ProductStatusTag status={record.status} />
            <ReviewBar type="product" id={record.id} version={versionOf(record)} invalidate={productsApi.keys.all} dirty={rf.dirty} />
            <HistoryPanel<Product>
              targetType="product"
              id={record.id}
              version={versionOf(record)}
              canRestore={canWrite}
              invalidate={productsApi.keys.all}
              onRestored={rf.takeRecord}
            />
          </>
        ) : null
      }
      initialValues={NEW}
      testId="product-form"
      after={
        mode === 'update' && record ? (
          <ProductInstances
            edits={edits}
            product={record}
            attributes={attributes}
            productDirty={rf.dirty}
            saveProduct={rf.saveNow}
            separator={separator}
            disabled={!canWrite}
          />
        ) : mode === 'create' ? (
          <Card className="product-instances" title={t('instances')}>
            <Typography.Text type="secondary">{t('instancesAfterCreate')}</Typography.Text>
          </Card>
        ) : null
      }
      main={
        <>
          <Form.Item name="name" label={t('name')} required rules={rule('name')}>
            <Input data-testid="product-name" maxLength={200} />
          </Form.Item>
          <Form.Item name="slug" label={t('slug')} required rules={rule('slug')} extra={t('slugHint')}>
            <Input data-testid="product-slug" maxLength={120} />
          </Form.Item>
          <Form.Item name="summary" label={t('summary')} rules={rule('summary')}>
            <Input.TextArea autoSize={{ minRows: 2 }} maxLength={500} />
          </Form.Item>
          <Form.Item name="description" label={t('description')}>
            <RichTextEditor aria-label={t('description')} />
          </Form.Item>
          <Card size="small" title={t('attributes')} style={{ marginBottom: 16 }}>
            <Typography.Paragraph type="secondary">{t('attributesHint', { separator })}</Typography.Paragraph>
            <AttributesEditor disabled={!canWrite} />
          </Card>
          <Card size="small" title={t('english')} style={{ marginBottom: 16 }}>
            <Form.Item name="name_en" label={t('nameEn')} extra={t('nameEnHint')} rules={rule('name_en')}>
              <Input data-testid="product-name-en" maxLength={200} />
            </Form.Item>
            <Form.Item name="summary_en" label={t('summaryEn')} rules={rule('summary_en')}>
              <Input.TextArea autoSize={{ minRows: 2 }} maxLength={500} />
            </Form.Item>
            <Form.Item name="description_en" label={t('descriptionEn')}>
              <RichTextEditor aria-label={t('descriptionEn')} />
            </Form.Item>
          </Card>
        </>
      }
      side={
        <>
          <Form.Item name="status" label={t('status')} required extra={gate.reason}>
            <Select
              options={PRODUCT_STATUSES.map((v) => ({
                value: v,
                label: t(`statuses.${v}`),
                disabled: !gate.canPublish && v === 'published',
              }))}
              data-testid="product-status"
            />
          </Form.Item>
          <Form.Item name="category_id" label={t('category')}>
            <ProductCategorySelect />
          </Form.Item>
          <Form.Item name="photo_ids" label={t('photos')} extra={t('photosHint')}>
            <GalleryInput known={record?.photos ?? []} ordered coverFirst testId="product-photos" />
          </Form.Item>
          <Form.Item name="sort_order" label={t('order')} extra={t('orderHint')} rules={rule('sort_order')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </>
      }
    />
  );
}
