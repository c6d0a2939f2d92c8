import { useTranslation } from 'react-i18next';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { Pass } from './api.ts';
import { PassQr } from './qr.tsx';
import './i18n.ts';

/** What a badge prints: the pass's names and its QR; never a national ID, a birthday or health data. */
export type BadgePass = Pick<Pass, 'id' | 'staff_name' | 'company_name' | 'site_name' | 'job_title' | 'code' | 'qr'>;

/**
 * One badge, a card of 85 × 54 mm (ISO/IEC 7810 ID-1) inside a cell with crop marks: the photo (or a
 * placeholder), name, company, job title, site, and the QR with the printed code under it.
 */
export function Badge({ pass, photoUrl }: { pass: BadgePass; photoUrl: string | null }) {
  const { t } = useTranslation('site-pass');
  return (
    <div className="badge-cell" data-testid="badge">
      <span className="badge-crop badge-crop-tl" aria-hidden />
      <span className="badge-crop badge-crop-tr" aria-hidden />
      <span className="badge-crop badge-crop-bl" aria-hidden />
      <span className="badge-crop badge-crop-br" aria-hidden />
      <article className="badge-card" aria-label={pass.staff_name}>
        <header className="badge-site">{pass.site_name}</header>
        <div className="badge-body">
          <div className="badge-photo">
            {photoUrl ? (
              <img src={photoUrl} alt={pass.staff_name} />
            ) : (
              <span className="badge-photo-none">
                <UserOutlined aria-hidden />
                <span>{t('badge.noPhoto')}</span>
              </span>
            )}
          </div>
          <div className="badge-text">
            <div className="badge-name" data-testid="badge-name">
              {pass.staff_name}
            </div>
            <div className="badge-company">{pass.company_name}</div>
            {pass.job_title ? <div className="badge-job">{pass.job_title}</div> : null}
          </div>
          <div className="badge-qr">
            {pass.qr ? <PassQr text={pass.qr} label={t('badge.qrLabel', { name: pass.staff_name })} /> : null}
            <div className="badge-code" data-testid="badge-code">
              {pass.code}
            </div>
          </div>
        </div>
      </article>
    </div>
  );
}
