import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorScreen } from '../../components/error-screen.tsx';

/** /404 and /admin/404: the path that could not be resolved comes in the location state. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { state } = useLocation() as { state?: { from?: string } | null };
  const from = state?.from;
  return <ErrorScreen statusCode={404} message={from ? t('error.notFoundPath', { path: from }) : t('error.notFound')} />;
}
