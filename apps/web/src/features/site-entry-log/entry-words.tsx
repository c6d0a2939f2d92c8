import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import type { GateReason } from '@bo/shared/schemas/gate';
import { gateReasonText, type GateLanguage } from '@bo/shared/gate/reason-text';
import type { Entry } from './api.ts';
import './i18n.ts';

export const gateLanguage = (lng: string): GateLanguage => (lng === 'en-US' ? 'en-US' : 'zh-TW');

/** An entry's reasons in words, the blocking ones first (「健康檢查逾期 2 個月」). */
export function reasonWords(reasons: GateReason[], lng: string): string[] {
  const lang = gateLanguage(lng);
  return [...reasons].sort((a, b) => Number(b.blocking) - Number(a.blocking)).map((r) => gateReasonText(r, lang));
}

export function ReasonList({ reasons }: { reasons: GateReason[] }) {
  const { i18n } = useTranslation('site-entry-log');
  if (!reasons.length) return <>—</>;
  const sorted = [...reasons].sort((a, b) => Number(b.blocking) - Number(a.blocking));
  const words = reasonWords(sorted, i18n.language);
  return (
    <ul className="entry-reasons">
      {sorted.map((r, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list; two reasons may read alike
        <li key={n} className={r.blocking ? 'entry-reason-blocking' : undefined}>
          {words[n]}
        </li>
      ))}
    </ul>
  );
}

/** Let in, refused, or let in by the director (a refusal overridden). */
export function VerdictTag({ entry }: { entry: Pick<Entry, 'verdict' | 'admitted' | 'override_at'> }) {
  const { t } = useTranslation('site-entry-log');
  if (entry.override_at) return <Tag color="orange">{t('verdict.overridden')}</Tag>;
  return entry.admitted ? <Tag color="green">{t('verdict.admit')}</Tag> : <Tag color="red">{t('verdict.refuse')}</Tag>;
}
