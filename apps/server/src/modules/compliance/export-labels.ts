import { reasonText } from '@bo/shared/compliance/reasons';
import type { DueStatus } from '@bo/shared/compliance/vocabulary';

/** The workbook's status words, both languages in one cell as its headers are. */
export const STATUS_LABELS: Record<DueStatus, string> = {
  overdue: '逾期 Overdue',
  missing: '缺少證明 Missing',
  cannot_tell: '無法判斷 Cannot tell',
  due_30: '30 天內到期 Due in 30 days',
  due_60: '60 天內到期 Due in 60 days',
  due_90: '90 天內到期 Due in 90 days',
  ok: '符合 OK',
};

/** A reason in both languages, zh-TW first, its days in ISO (the workbook's date columns carry 民國 beside them). */
export function reasonCell(reasonKey: string, params: Record<string, unknown>): string {
  const p = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'number' ? v : String(v)]));
  const zh = reasonText(reasonKey, p, 'zh-TW');
  const en = reasonText(reasonKey, p, 'en-US');
  return zh === en ? zh : `${zh} / ${en}`;
}

/** Both languages in one cell, as the headers are. */
export const bothLanguages = (text: { 'zh-TW': string; 'en-US': string } | null): string | null =>
  text ? (text['zh-TW'] === text['en-US'] ? text['zh-TW'] : `${text['zh-TW']} ${text['en-US']}`) : null;
