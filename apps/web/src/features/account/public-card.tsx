import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { SvgIcon } from '../../components/svg-icon.tsx';
import { useAppConfig } from '../../lib/settings.ts';
import './i18n-identity.ts';

/** The sign-in page's card for the other public account screens (reset by mail, e-mail code). */
export function PublicCard({
  title,
  intro,
  error,
  children,
}: {
  title: string;
  intro?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('identity');
  const config = useAppConfig();
  return (
    <div className="sign-in">
      <section className="sign-in-card" aria-labelledby="public-card-title">
        <div className="sign-in-brand">
          <div className="sign-in-logo" aria-hidden>
            {config.appName.slice(0, 1)}
          </div>
          <h1 id="public-card-title" className="sign-in-title">
            {title}
          </h1>
          {intro ? <p className="sign-in-subtitle">{intro}</p> : null}
        </div>
        {error ? (
          <div role="alert" className="sign-in-error" data-testid="public-card-error">
            <SvgIcon icon={CloseCircleFilled} /> <span>{error}</span>
          </div>
        ) : null}
        {children}
        <p className="sign-in-alternatives">
          <Link to="/">{t('backToSignIn')}</Link>
        </p>
      </section>
    </div>
  );
}
