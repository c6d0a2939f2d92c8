import type { TFunction } from 'i18next';
import { STAFF_STATUSES } from '@bo/shared/schemas/staff';
import { codeSelect } from '../../components/resource/list-filters.tsx';

/** The certificate standings the staff list filters by (`certificate_status`). */
const CERTIFICATE_STANDINGS = ['attention', 'expired', 'expiring', 'valid'] as const;

/**
 * The staff filters by status and certificate standing, worded by the staff namespace (`t`): the
 * staff list and the export's pick list filter the same way.
 */
export const staffStandingFilters = (t: TFunction) => [
  codeSelect(t, 'status', STAFF_STATUSES, { placeholder: 'allStatuses', options: 'statuses' }),
  codeSelect(t, 'certificate_status', CERTIFICATE_STANDINGS, {
    label: 'certStatus',
    placeholder: 'allCertStatuses',
    options: 'certStatuses',
    testId: 'filter-certificate-status',
  }),
];
