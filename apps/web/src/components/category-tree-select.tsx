import { useTranslation } from 'react-i18next';
import TreeSelect from 'antd/es/tree-select';
import { currentLanguage } from '../i18n/index.ts';

/** A node of a category tree as the server sends it (page and product categories alike). */
export interface CategoryTreeNode {
  id: number;
  name: string;
  name_en: string | null;
  depth: number;
  children: CategoryTreeNode[];
}

type TreeItem = { value: number; title: string; children: TreeItem[]; disabled?: boolean };

/** The tree as TreeSelect items; with `maxDepth` (a parent picker) the deepest level cannot hold another category, nor can `self`. */
export const categoryTreeItems = (nodes: CategoryTreeNode[], lng: string, maxDepth?: number, self?: number): TreeItem[] =>
  nodes.map((n) => ({
    value: n.id,
    title: lng === 'en-US' && n.name_en ? n.name_en : n.name,
    disabled: (maxDepth !== undefined && n.depth >= maxDepth) || n.id === self,
    children: categoryTreeItems(n.children, lng, maxDepth, self),
  }));

export interface CategoryTreeSelectProps {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  /** Picking a parent: categories at the deepest level (and `self`) are disabled. */
  asParent?: boolean;
  self?: number;
  placeholder?: string;
  testId?: string;
}

/**
 * A category picked from a tree (pages by type, products): the feature passes its tree query and its
 * translation namespace, whose `noCategory` is the placeholder (and `noCategories` says a tree is empty,
 * with `emptyText`); clearing gives null.
 */
export function CategoryTreeSelect({
  tree,
  value,
  onChange,
  id,
  asParent,
  self,
  placeholder,
  ns,
  emptyText,
  testId,
}: CategoryTreeSelectProps & {
  tree: { isPending: boolean; data?: { max_depth: number; data: CategoryTreeNode[] } };
  ns: string;
  emptyText?: boolean;
}) {
  const { t } = useTranslation(ns);
  const shown = placeholder ?? t('noCategory');
  return (
    <TreeSelect
      id={id}
      allowClear
      treeDefaultExpandAll
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={shown}
      aria-label={shown}
      loading={tree.isPending}
      notFoundContent={emptyText ? t('noCategories') : undefined}
      treeData={categoryTreeItems(tree.data?.data ?? [], currentLanguage(), asParent ? tree.data?.max_depth : undefined, self)}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
