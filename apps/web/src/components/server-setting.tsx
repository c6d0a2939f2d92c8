import { useTranslation } from 'react-i18next';

/**
 * The name of the server setting (environment variable) behind what a sentence just said in words,
 * as a secondary, monospace detail for whoever runs the server: office staff read the words, never
 * the variable alone. `data-it-detail` marks it for the zh-TW screen checks (e2e).
 */
export function ServerSetting({ env }: { env: string }) {
  const { t } = useTranslation();
  return (
    <span className="server-setting" data-it-detail>
      {t('serverSetting')}
      <code>{env}</code>
    </span>
  );
}
