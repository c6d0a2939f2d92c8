import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { formatDay } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { ApiError } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { phonePassPhotoUrl, phonePassQuery } from './api.ts';
import { PassQr } from './qr.tsx';
import './badge.css';
import './i18n.ts';

/**
 * The worker's phone pass (/pass/:token, no sign-in): the site, their name, company and photo, a big QR
 * and the code to type. A revoked or reissued pass, or an expired or altered link, reads as a clear
 * "this link no longer works".
 */
export default function PhonePassPage() {
  // A public screen: the admin layout's data provider is not around it.
  return (
    <QueryClientProvider client={queryClient}>
      <PhonePass />
    </QueryClientProvider>
  );
}

function PhonePass() {
  const { t } = useTranslation('site-pass');
  const { token = '' } = useParams();
  const pass = useQuery(phonePassQuery(token));
  const [photoFailed, setPhotoFailed] = useState(false);
  if (pass.isPending)
    return (
      <div className="phone-pass">
        <Spin />
      </div>
    );
  if (pass.isError) {
    const gone = pass.error instanceof ApiError && (pass.error.status === 404 || pass.error.status === 400 || pass.error.status === 410);
    if (!gone) return <ErrorState error={pass.error} onRetry={() => void pass.refetch()} />;
    return (
      <div className="phone-pass" data-testid="phone-pass-gone">
        <Result status="warning" title={<h1 className="phone-pass-gone-title">{t('phone.gone')}</h1>} subTitle={t('phone.goneHint')} />
      </div>
    );
  }
  const p = pass.data;
  return (
    <div className="phone-pass" data-testid="phone-pass">
      <h1 className="sr-only">{t('phone.title')}</h1>
      <article className="phone-pass-card">
        <header className="phone-pass-site">{p.site_name}</header>
        <div className="phone-pass-body">
          {p.has_photo && !photoFailed ? (
            <img className="phone-pass-photo" src={phonePassPhotoUrl(token)} alt={p.staff_name} onError={() => setPhotoFailed(true)} />
          ) : null}
          <div className="phone-pass-name" data-testid="phone-pass-name">
            {p.staff_name}
          </div>
          <div className="phone-pass-company">
            {p.company_name}
            {p.job_title ? ` · ${p.job_title}` : ''}
          </div>
          <div className="phone-pass-qr">
            <PassQr text={p.qr} label={t('phone.qrLabel')} />
          </div>
          <div className="phone-pass-code" data-testid="phone-pass-code">
            <span className="sr-only">{t('phone.code')} </span>
            {p.code}
          </div>
          <div className="phone-pass-muted">
            {t('phone.issuedAt')} {formatDay(formatDateTime(p.issued_at, 'YYYY-MM-DD'))}
          </div>
          <p className="phone-pass-muted">{t('phone.hint')}</p>
        </div>
      </article>
    </div>
  );
}
