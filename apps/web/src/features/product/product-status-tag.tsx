import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import type { ProductStatus } from '@bo/shared/schemas/product';
import './i18n.ts';

const COLOR = { draft: 'default', published: 'green' } as const;

export function ProductStatusTag({ status }: { status: ProductStatus }) {
  const { t } = useTranslation('product');
  return <Tag color={COLOR[status]}>{t(`statuses.${status}`)}</Tag>;
}
