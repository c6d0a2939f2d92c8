import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Badge from 'antd/es/badge';
import { awaitingQuery } from '../../components/review/review-api.ts';
import './i18n.ts';

/** The menu's count of 「待我審核」: nothing while none waits (or the list cannot be read). */
export default function AwaitingBadge() {
  const { t } = useTranslation('review-admin');
  const q = useQuery(awaitingQuery());
  const total = q.data?.total ?? 0;
  if (!total) return null;
  return (
    <Badge
      count={total}
      size="small"
      style={{ marginInlineStart: 8 }}
      title={t('badge', { count: total })}
      aria-label={t('badge', { count: total })}
      data-testid="review-menu-badge"
    />
  );
}
