import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import type { Page } from '@bo/shared/schemas/page';
import { formatDateTime } from '../../i18n/dates.ts';
import './i18n.ts';

const COLOR = { draft: 'default', published: 'green', scheduled: 'blue', unpublished: 'orange' } as const;

export function PageStatusTag({ page }: { page: Pick<Page, 'status' | 'publish_at'> }) {
  const { t } = useTranslation('page');
  return (
    <Tag color={COLOR[page.status]} title={page.publish_at ? t('scheduledAt', { time: formatDateTime(page.publish_at) }) : undefined}>
      {t(`statuses.${page.status}`)}
      {page.status === 'scheduled' && page.publish_at ? ` · ${formatDateTime(page.publish_at)}` : ''}
    </Tag>
  );
}
