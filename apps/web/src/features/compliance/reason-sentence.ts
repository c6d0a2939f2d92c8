import type { TFunction } from 'i18next';
import type { ComplianceItem } from '@bo/shared/schemas/compliance-dashboard';
import { formatDay } from '../../i18n/index.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A due item's reason in words. The rule pack's sentences (packages/shared/src/compliance/reasons.ts,
 * branch `engine`) are looked up by `reason_key` in the `compliance-reasons` namespace; until then the key is shown.
 * Day parameters are written as the admin chose (民國 or ISO).
 */
export function reasonSentence(t: TFunction, item: Pick<ComplianceItem, 'reason_key' | 'reason_params'>): string {
  const params = Object.fromEntries(
    Object.entries(item.reason_params).map(([k, v]) => [k, typeof v === 'string' && DAY.test(v) ? formatDay(v) : v]),
  );
  return t(item.reason_key, { ...params, defaultValue: item.reason_key, keySeparator: false, ns: 'compliance-reasons' });
}
