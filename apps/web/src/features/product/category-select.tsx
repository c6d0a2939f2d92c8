import { useTranslation } from 'react-i18next';
import { CategoryTreeSelect, type CategoryTreeSelectProps } from '../../components/category-tree-select.tsx';
import { useProductCategoryTree } from './api.ts';
import './i18n.ts';

/** A product category picked from the one tree; `asParent` disables those at the deepest level (and `self`). */
export function ProductCategorySelect({ placeholder, testId = 'product-category-select', ...props }: CategoryTreeSelectProps) {
  const { t } = useTranslation('product');
  const tree = useProductCategoryTree();
  return (
    <CategoryTreeSelect
      {...props}
      tree={tree}
      placeholder={placeholder ?? t('noCategory')}
      label={t('category')}
      empty={t('noCategories')}
      testId={testId}
    />
  );
}
