import type { PageType } from '@bo/shared/schemas/page';
import { CategoryTreeSelect, type CategoryTreeSelectProps } from '../../components/category-tree-select.tsx';
import { useCategoryTree } from './api.ts';
import './i18n.ts';

/** A category of one page type, picked from its tree; `asParent` disables those at the deepest level. */
export function CategorySelect({ type, ...props }: CategoryTreeSelectProps & { type?: PageType }) {
  const tree = useCategoryTree(type);
  return <CategoryTreeSelect {...props} tree={tree} ns="page" testId="page-category-select" />;
}
