import { daysBetween } from '@bo/shared/dates';
import { dueStatus, type DueState } from '@bo/shared/compliance/vocabulary';

/** A due item as the digest reads it (dueItemsToRemind's row). */
export interface DueItemToRemind {
  site_id: number;
  site_name: string;
  staff_name: string;
  contractor_id: number | null;
  contractor_name: string | null;
  contractor_contact_name: string | null;
  contractor_email: string | null;
  rule_key: string;
  state: DueState;
  due_on: string | null;
  window_opens_on: string | null;
}

export interface ComplianceDigest {
  /** Items named: overdue (failed included) and missing, then due within the lead time. */
  count: number;
  overdue: number;
  upcoming: number;
  /** The digest's text lines: a 【site】 line, then one line per item of that site. */
  lines: string[];
}

export interface ContractorDigest extends ComplianceDigest {
  contractor_id: number;
  contractor_name: string;
  contact_name: string | null;
  email: string;
}

/** A digest names at most this many items; the link leads to the rest. */
const DIGEST_MAX_ITEMS = 50;

/** Where an item stands on `today`, in the words of the digest (zh-TW, as the other reminders). */
export function dueItemWords(item: Pick<DueItemToRemind, 'state' | 'due_on' | 'window_opens_on'>, today: string): string {
  const status = dueStatus(item, today);
  if (status === 'missing') return '缺少紀錄';
  if (!item.due_on) return item.state === 'failed' ? '未符合規定' : '無法判斷';
  const left = daysBetween(today, item.due_on);
  if (item.state === 'failed') return `未符合規定（${item.due_on}）`;
  if (left < 0) return `已逾期 ${-left} 天（${item.due_on}）`;
  const window = item.window_opens_on ? `，期間 ${item.window_opens_on}～${item.due_on}` : '';
  return left === 0 ? `今天到期（${item.due_on}${window}）` : `剩 ${left} 天（${item.due_on}${window}）`;
}

/** The digest of `items` (already narrowed and ordered by site, by dueItemsToRemind), each rule named by `ruleTitle`. */
export function complianceDigest(
  items: readonly DueItemToRemind[],
  today: string,
  ruleTitle: (ruleKey: string) => string,
): ComplianceDigest {
  const lines: string[] = [];
  let overdue = 0;
  let named = 0;
  let site: number | null = null;
  for (const item of items) {
    const status = dueStatus(item, today);
    if (status === 'overdue' || status === 'missing') overdue++;
    if (named >= DIGEST_MAX_ITEMS) continue;
    if (item.site_id !== site) {
      site = item.site_id;
      lines.push(`【${item.site_name}】`);
    }
    const who = item.contractor_name ? `${item.staff_name}（${item.contractor_name}）` : item.staff_name;
    lines.push(`${who}｜${ruleTitle(item.rule_key)}｜${dueItemWords(item, today)}`);
    named++;
  }
  if (items.length > DIGEST_MAX_ITEMS) lines.push(`… +${items.length - DIGEST_MAX_ITEMS}`);
  return { count: items.length, overdue, upcoming: items.length - overdue, lines };
}

/** One digest per subcontractor whose contact has an e-mail, of its own workers' items only. */
export function contractorDigests(
  items: readonly DueItemToRemind[],
  today: string,
  ruleTitle: (ruleKey: string) => string,
): ContractorDigest[] {
  const byContractor = new Map<number, DueItemToRemind[]>();
  for (const item of items) {
    if (item.contractor_id === null || !item.contractor_email) continue;
    const list = byContractor.get(item.contractor_id) ?? [];
    list.push(item);
    byContractor.set(item.contractor_id, list);
  }
  return [...byContractor].map(([contractorId, own]) => ({
    contractor_id: contractorId,
    contractor_name: own[0]!.contractor_name ?? '',
    contact_name: own[0]!.contractor_contact_name,
    email: own[0]!.contractor_email!,
    ...complianceDigest(own, today, ruleTitle),
  }));
}
