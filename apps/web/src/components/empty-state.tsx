import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Empty from 'antd/es/empty';

/** "Nothing here" with an optional call to action. */
export function EmptyState({ description, action }: { description?: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description ?? t('error.empty')}>
      {action}
    </Empty>
  );
}
