import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import './i18n.ts';

/** An account or organization status (`active` / `disabled`) as a tag: active green, anything else grey. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('resource');
  return <Tag color={status === 'active' ? 'success' : 'default'}>{t(`statuses.${status}`, { defaultValue: status })}</Tag>;
}
