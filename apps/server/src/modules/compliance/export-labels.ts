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

/**
 * The reason of a due item in words. The rule pack's sentences (branch `engine`:
 * packages/shared/src/compliance/reasons.ts) replace this once merged; until then the key and its values.
 */
export function reasonText(reasonKey: string, params: Record<string, unknown>): string {
  const values = Object.entries(params)
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
  return values ? `${reasonKey} (${values})` : reasonKey;
}
