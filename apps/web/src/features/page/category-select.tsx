import { useTranslation } from 'react-i18next';
import TreeSelect from 'antd/es/tree-select';
import type { PageCategoryNode, PageType } from '@bo/shared/schemas/page';
import { currentLanguage } from '../../i18n/index.ts';
import { useCategoryTree } from './api.ts';
import './i18n.ts';

type TreeItem = { value: number; title: string; children: TreeItem[]; disabled?: boolean };
const toTree = (nodes: PageCategoryNode[], lng: string, maxDepth?: number): TreeItem[] =>
  nodes.map((n) => ({
    value: n.id,
    title: lng === 'en-US' && n.name_en ? n.name_en : n.name,
    // As a parent: a category at the deepest level cannot hold another.
    disabled: maxDepth !== undefined && n.depth >= maxDepth,
    children: toTree(n.children, lng, maxDepth),
  }));

/** A category of one page type, picked from its tree; `asParent` disables those at the deepest level. */
export function CategorySelect({
  type,
  value,
  onChange,
  id,
  asParent,
  placeholder,
}: {
  type?: PageType;
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  asParent?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation('page');
  const tree = useCategoryTree(type);
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
      treeData={toTree(tree.data?.data ?? [], currentLanguage(), asParent ? tree.data?.max_depth : undefined)}
      style={{ width: '100%' }}
      data-testid="page-category-select"
    />
  );
}
