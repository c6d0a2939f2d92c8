import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import './i18n.ts';

/**
 * Said where a screen would otherwise promise a mail while no mail can leave (no SMTP_URL, issue 42):
 * the same words whoever asks, so it tells nothing about which accounts exist.
 */
export function MailUnavailableNotice() {
  const { t } = useTranslation('identity-proof');
  return <Alert type="warning" showIcon data-testid="mail-unavailable" title={t('mailUnavailable')} />;
}
