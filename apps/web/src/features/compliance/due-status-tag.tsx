import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { DueStatus } from '@bo/shared/compliance/vocabulary';
import './i18n.ts';

/** antd colours by status: red for what is broken, orange and gold for what is coming, grey for unknown. */
export const STATUS_COLORS: Record<DueStatus, string> = {
  overdue: 'error',
  missing: 'magenta',
  cannot_tell: 'default',
  due_30: 'orange',
  due_60: 'gold',
  due_90: 'blue',
  ok: 'success',
};

export function DueStatusTag({ status }: { status: DueStatus }) {
  const { t } = useTranslation('compliance');
  return (
    <Tag color={STATUS_COLORS[status]} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
