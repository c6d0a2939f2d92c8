import { useTranslation } from 'react-i18next';
import TreeSelect from 'antd/es/tree-select';
import { currentLanguage } from '../../i18n/index.ts';
import type { ProductCategoryNode } from '@bo/shared/schemas/product';
import { useProductCategoryTree } from './api.ts';
import './i18n.ts';

type TreeItem = { value: number; title: string; children: TreeItem[]; disabled?: boolean };

/** The tree as TreeSelect items; with `maxDepth` (a parent picker) the deepest level cannot hold another category. */
export const categoryTreeItems = (nodes: ProductCategoryNode[], lng: string, maxDepth?: number, self?: number): TreeItem[] =>
  nodes.map((n) => ({
    value: n.id,
    title: lng === 'en-US' && n.name_en ? n.name_en : n.name,
    disabled: (maxDepth !== undefined && n.depth >= maxDepth) || n.id === self,
    children: categoryTreeItems(n.children, lng, maxDepth, self),
  }));

/** A product category picked from the one tree; `asParent` disables those at the deepest level (and `self`). */
export function ProductCategorySelect({
  value,
  onChange,
  id,
  asParent,
  self,
  placeholder,
  testId = 'product-category-select',
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  asParent?: boolean;
  self?: number;
  placeholder?: string;
  testId?: string;
}) {
  const { t } = useTranslation('product');
  const tree = useProductCategoryTree();
  return (
    <TreeSelect
      id={id}
      allowClear
      treeDefaultExpandAll
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={placeholder ?? t('noCategory')}
      aria-label={placeholder ?? t('category')}
      loading={tree.isPending}
      notFoundContent={t('noCategories')}
      treeData={categoryTreeItems(tree.data?.data ?? [], currentLanguage(), asParent ? tree.data?.max_depth : undefined, self)}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
