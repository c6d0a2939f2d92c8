import { useTranslation } from 'react-i18next';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { productCategoryInput, type ProductCategory } from '@bo/shared/schemas/product';
import { useResourceRecord } from '../../components/resource/resource-record.ts';
import type { ResourceScreensSpec } from '../../components/resource/resource-spec.ts';
import { useProductCategoryTree } from './api.ts';
import { ProductCategorySelect } from './category-select.tsx';
import './i18n.ts';

const L = {
  parent: 'product:categoryScreen.parent',
  name: 'product:categoryScreen.name',
  nameEn: 'product:categoryScreen.nameEn',
  order: 'product:categoryScreen.order',
};

/** The parent picker: the deepest level (productCategoryDepth) cannot hold another category, nor can a category hold itself. */
function ParentInput(props: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const { t } = useTranslation('product');
  const record = useResourceRecord() as ProductCategory | null;
  const tree = useProductCategoryTree();
  const max = tree.data?.max_depth;
  return (
    <Flex vertical gap={4}>
      <ProductCategorySelect {...props} asParent self={record?.id} placeholder={t('topLevel')} testId="product-category-parent" />
      {max !== undefined ? (
        <Typography.Text type="secondary" data-testid="product-category-depth">
          {max === 1 ? t('depthOne') : t('depthLimit', { count: max })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

export default {
  apiPath: '/api/admin/product-category',
  schema: productCategoryInput,
  list: { sort: 'sort_order', order: 'asc' },
  createLabel: 'product:categoryScreen.create',
  defaults: { parent_id: null, sort_order: 0 },
  rowName: (c) => c.name,
  tableTestId: 'product-category-table',
  columns: [
    { key: 'name', title: L.name, sortable: true },
    { key: 'name_en', title: L.nameEn, render: (c) => c.name_en ?? '—' },
    { key: 'depth', title: 'product:categoryScreen.depth' },
    { key: 'product_count', title: 'product:categoryScreen.products' },
    { key: 'sort_order', title: L.order, sortable: true },
    { key: 'updated_at', title: 'product:categoryScreen.updated' },
  ],
  fields: [
    {
      name: 'parent_id',
      label: L.parent,
      input: ParentInput as never,
      extra: 'product:categoryScreen.parentHint',
    },
    { name: 'name', label: L.name, required: true, testId: 'product-category-name' },
    {
      name: 'name_en',
      label: L.nameEn,
      extra: 'product:categoryScreen.nameEnHint',
    },
    { name: 'sort_order', label: L.order, input: 'number', extra: 'product:categoryScreen.orderHint' },
  ],
} satisfies ResourceScreensSpec<ProductCategory>;
