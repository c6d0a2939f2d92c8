import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import type { CertificateStatus } from '@bo/shared/schemas/staff';
import './i18n.ts';

const COLORS: Record<CertificateStatus, string> = { expired: 'error', expiring: 'warning', valid: 'success', none: 'default' };

/** A certificate state as a coloured tag: expired red, expiring amber, valid green. */
export function CertificateStatusTag({ status, text }: { status: CertificateStatus; text?: string }) {
  const { t } = useTranslation('staff');
  return (
    <Tag color={COLORS[status]} data-testid={`cert-status-${status}`}>
      {text ?? t(`certStatuses.${status}`)}
    </Tag>
  );
}

/**
 * The expiry tag of a certificate row: a superseded one (a later certificate of its type decides the
 * staff's standing) is history, tagged as such instead of with its own expiry state.
 */
export function CertificateExpiryTag({ status, superseded }: { status: CertificateStatus; superseded: boolean }) {
  const { t } = useTranslation('staff');
  if (superseded)
    return (
      <Tag color="default" data-testid="cert-superseded">
        {t('certSuperseded')}
      </Tag>
    );
  return <CertificateStatusTag status={status} />;
}
