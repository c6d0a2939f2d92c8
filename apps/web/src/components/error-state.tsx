import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Result from 'antd/es/result';
import Button from 'antd/es/button';
import { errorText } from '../lib/api-client.ts';

/** A failed load inside a screen: the translated error and a retry button. */
export function ErrorState({ error, onRetry, title }: { error?: unknown; onRetry?: () => void; title?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={title ?? t('error.loadFailed')}
      subTitle={error === null ? undefined : errorText(error)}
      extra={onRetry ? <Button onClick={onRetry}>{t('common.refresh')}</Button> : undefined}
    />
  );
}
