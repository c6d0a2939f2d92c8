import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loading, useLoading } from '../lib/loading.ts';
import { SPINNER_SIZE } from '../lib/theme.ts';

const Spin = lazy(() => import('antd/es/spin'));

/** Full-screen loading overlay (spec sections 2 and 4): on while `status`, optional title and description. */
export function LoadingOverlay() {
  const { status, title, description } = useLoading();
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <div className="loading-overlay" role="alertdialog" aria-busy="true" aria-label={title ?? t('app.loading')}>
      <Suspense fallback={<div className="loading-spinner-fallback" style={{ width: SPINNER_SIZE, height: SPINNER_SIZE }} />}>
        <Spin size="large" style={{ fontSize: SPINNER_SIZE }} styles={{ indicator: { fontSize: SPINNER_SIZE } }} />
      </Suspense>
      {title ? <div className="loading-title">{title}</div> : null}
      {description ? <div className="loading-description">{description}</div> : null}
    </div>
  );
}

/** Thin indeterminate bar (height 5) during route changes and requests (app/data-provider.tsx holds it for queries). */
export function ProgressBar() {
  const { progress: on } = useLoading();
  const { t } = useTranslation();
  return (
    <div
      className={`progress-bar${on ? ' is-active' : ''}`}
      role="progressbar"
      aria-label={t('app.loading')}
      aria-hidden={!on}
      aria-busy={on}
    />
  );
}

/** Holds the progress bar while mounted: the Suspense fallback of lazy screens. */
export function RouteProgress() {
  useEffect(() => loading.startProgress(), []);
  return null;
}
