import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { PRODUCT_STATUSES, productInput, type Product, type ProductStatus } from '@bo/shared/schemas/product';
import { ROLES } from '@bo/shared/permissions';
import { adminPath } from '../../lib/feature.ts';
import { useRouteMeta } from '../../lib/route-meta.ts';
import { useSession } from '../../lib/session.ts';
import { useAppConfig } from '../../lib/settings.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { GalleryInput } from '../../components/gallery-input.tsx';
import { RichTextEditor } from '../../components/rich-text/rich-text-editor.tsx';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { ResourceForm } from '../../components/resource/resource-form.tsx';
import { ResourceRecordContext } from '../../components/resource/resource-record.ts';
import { useServerFieldErrors } from '../../components/resource/use-server-field-errors.ts';
import { productsApi } from './api.ts';
import { AttributesEditor } from './attributes-input.tsx';
import { ProductCategorySelect } from './category-select.tsx';
import { ProductInstances } from './product-instances.tsx';
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
  const { mode = 'update' } = useRouteMeta();
  const { target } = useParams();
  const navigate = useNavigate();
  const { can } = useSession();
  const canWrite = can(ROLES.product);
  const { productInstanceSeparator: separator = '-' } = useAppConfig();
  const [form] = Form.useForm<Values>();
  const { onError, formError } = useServerFieldErrors(form);
  const one = useQuery(productsApi.one(mode === 'update' ? target : undefined));
  const create = productsApi.useCreate();
  const update = productsApi.useUpdate();
  const [dirty, setDirty] = useState(false);
  const slugTouched = useRef(mode === 'update');
  // "Generate instances" saves a changed form first and waits for the outcome of that save.
  const saveWaiter = useRef<((p: Product | null) => void) | null>(null);
  const attributes = (Form.useWatch('attributes', form) ?? one.data?.attributes ?? []) as (Partial<AttributeList> | undefined)[];
  const initialValues = useMemo(() => NEW, []);

  useEffect(() => {
    if (one.data) {
      form.setFieldsValue(valuesOf(one.data));
      setDirty(false);
    }
  }, [one.data, form]);

  const settle = (p: Product | null) => {
    saveWaiter.current?.(p);
    saveWaiter.current = null;
  };

  const submit = async (v: Values) => {
    const body = { ...v, attributes: (v.attributes ?? []).map((a) => ({ ...a, values: a.values ?? [] })) };
    try {
      let saved: Product;
      if (mode === 'create') {
        saved = await create.mutateAsync(body);
        navigate(adminPath(`product/${saved.id}/update`), { replace: true });
      } else saved = await update.mutateAsync({ id: Number(target), body });
      setDirty(false);
      toast.success({ title: t(mode === 'create' ? 'created' : 'changed'), duration: SHELL_TOAST.duration });
      settle(saved);
    } catch (e) {
      onError(e);
      settle(null);
    }
  };

  const saveProduct = () =>
    new Promise<Product | null>((resolve) => {
      saveWaiter.current = resolve;
      form.submit();
    });

  const rule = (name: keyof typeof productInput.shape) => [schemaRule(productInput.shape[name])];
  return (
    <div className="page product-form-page">
      <PageHeader
        title={mode === 'update' ? one.data?.name : undefined}
        extra={
          <Flex gap={8} align="center">
            {one.data ? <ProductStatusTag status={one.data.status} /> : null}
            <Button onClick={() => navigate(adminPath('product'))}>{t('back')}</Button>
          </Flex>
        }
      />
      <ResourceRecordContext.Provider value={one.data ?? null}>
        <ResourceForm<Values>
          form={form}
          mode={mode}
          loading={one.isPending && mode === 'update'}
          loadError={one.error}
          onRetry={() => void one.refetch()}
          submitting={create.isPending || update.isPending}
          formError={formError}
          onCancel={() => navigate(adminPath('product'))}
          initialValues={initialValues}
          disabled={!canWrite}
          onSubmit={submit}
          onFinishFailed={() => settle(null)}
          onValuesChange={(changed: Partial<Values>) => {
            setDirty(true);
            if ('slug' in changed) slugTouched.current = true;
            if (!slugTouched.current && ('name' in changed || 'name_en' in changed)) {
              const { name, name_en } = form.getFieldsValue(['name', 'name_en']);
              form.setFieldValue('slug', suggestSlug(name_en || name || ''));
            }
          }}
          testId="product-form"
        >
          <div className="product-form-grid">
            <div>
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
            </div>
            <div>
              <Form.Item name="status" label={t('status')} required>
                <Select options={PRODUCT_STATUSES.map((v) => ({ value: v, label: t(`statuses.${v}`) }))} data-testid="product-status" />
              </Form.Item>
              <Form.Item name="category_id" label={t('category')}>
                <ProductCategorySelect />
              </Form.Item>
              <Form.Item name="photo_ids" label={t('photos')} extra={t('photosHint')}>
                <GalleryInput known={one.data?.photos ?? []} ordered coverFirst testId="product-photos" />
              </Form.Item>
              <Form.Item name="sort_order" label={t('order')} extra={t('orderHint')} rules={rule('sort_order')}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </div>
          </div>
        </ResourceForm>
      </ResourceRecordContext.Provider>
      {mode === 'update' && one.data ? (
        <ProductInstances
          product={one.data}
          attributes={attributes}
          productDirty={dirty}
          saveProduct={saveProduct}
          separator={separator}
          disabled={!canWrite}
        />
      ) : mode === 'create' ? (
        <Card className="product-instances" title={t('instances')}>
          <Typography.Text type="secondary">{t('instancesAfterCreate')}</Typography.Text>
        </Card>
      ) : null}
    </div>
  );
}
