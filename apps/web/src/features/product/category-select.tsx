import { CategoryTreeSelect, type CategoryTreeSelectProps } from '../../components/category-tree-select.tsx';
import { useProductCategoryTree } from './api.ts';
import './i18n.ts';

/** A product category picked from the one tree; `asParent` disables those at the deepest level (and `self`). */
export function ProductCategorySelect({ testId = 'product-category-select', ...props }: CategoryTreeSelectProps) {
  const tree = useProductCategoryTree();
  return <CategoryTreeSelect {...props} tree={tree} ns="product" emptyText testId={testId} />;
}
