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
  parent: { 'zh-TW': '上層分類', 'en-US': 'Parent' },
  name: { 'zh-TW': '名稱', 'en-US': 'Name' },
  nameEn: { 'zh-TW': '英文名稱', 'en-US': 'English name' },
  order: { 'zh-TW': '排序', 'en-US': 'Order' },
  depth: { 'zh-TW': '層級', 'en-US': 'Level' },
  products: { 'zh-TW': '產品數', 'en-US': 'Products' },
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
  createLabel: { 'zh-TW': '新增分類', 'en-US': 'New category' },
  defaults: { parent_id: null, sort_order: 0 },
  rowName: (c) => c.name,
  tableTestId: 'product-category-table',
  columns: [
    { key: 'name', title: L.name, sortable: true },
    { key: 'name_en', title: L.nameEn, render: (c) => c.name_en ?? '—' },
    { key: 'depth', title: L.depth },
    { key: 'product_count', title: L.products },
    { key: 'sort_order', title: L.order, sortable: true },
    { key: 'updated_at', title: { 'zh-TW': '更新時間', 'en-US': 'Updated' } },
  ],
  fields: [
    {
      name: 'parent_id',
      label: L.parent,
      input: ParentInput as never,
      extra: { 'zh-TW': '留空為第一層。', 'en-US': 'Empty for the top level.' },
    },
    { name: 'name', label: L.name, required: true, testId: 'product-category-name' },
    {
      name: 'name_en',
      label: L.nameEn,
      extra: { 'zh-TW': '留空時英文網站顯示中文名稱。', 'en-US': 'Empty: the English site shows the Chinese name.' },
    },
    { name: 'sort_order', label: L.order, input: 'number', extra: { 'zh-TW': '數字小的排在前面。', 'en-US': 'Lower numbers come first.' } },
  ],
} satisfies ResourceScreensSpec<ProductCategory>;
