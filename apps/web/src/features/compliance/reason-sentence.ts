import { reasonText, type ReasonParams } from '@bo/shared/compliance/reasons';
import type { ComplianceItem, Localized } from '@bo/shared/schemas/compliance-dashboard';
import { formatDay } from '../../i18n/index.ts';

const localeOf = (language: string): 'zh-TW' | 'en-US' => (language.startsWith('en') ? 'en-US' : 'zh-TW');

/** A due item's reason in words (the rule pack's sentences), its days as the admin chose (民國 or ISO). */
export function reasonSentence(language: string, item: Pick<ComplianceItem, 'reason_key' | 'reason_params'>): string {
  const params: ReasonParams = Object.fromEntries(
    Object.entries(item.reason_params).map(([k, v]) => [k, typeof v === 'number' ? v : String(v)]),
  );
  return reasonText(item.reason_key, params, localeOf(language), formatDay);
}

/** A rule's title or citation in the current language. */
export const inLanguage = (language: string, text: Localized | null): string | null => (text ? text[localeOf(language)] : null);
