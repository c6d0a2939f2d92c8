import { type DateCalendar, daysBetween, formatRocDate } from '@bo/shared/dates';
import { dueStatus, type DueState } from '@bo/shared/compliance/vocabulary';
import { REASONS, reasonText, type ReasonParams } from '@bo/shared/compliance/reasons';

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
  reason_key: string;
  /** JSON object (compliance_due_items.reason_params). */
  reason_params: string;
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

/** How a digest shows a day: as its reader chose on the profile (民國 or ISO). */
export type DayFormat = (day: string) => string;
export const dayFormat = (calendar: DateCalendar | string | null | undefined): DayFormat =>
  calendar === 'roc' ? (day) => formatRocDate(day) : (day) => day;

/** A digest names at most this many items; the link leads to the rest. */
const DIGEST_MAX_ITEMS = 50;

/** Where an item stands on `today`, in the digest's few words (zh-TW, as the other reminders); the reason says the rest. */
export function dueItemWords(
  item: Pick<DueItemToRemind, 'state' | 'due_on' | 'window_opens_on'>,
  today: string,
  formatDay: DayFormat = (day) => day,
): string {
  const status = dueStatus(item, today);
  if (status === 'missing') return '缺少紀錄';
  if (!item.due_on) return item.state === 'failed' ? '未符合規定' : '無法判斷';
  const left = daysBetween(today, item.due_on);
  const due = formatDay(item.due_on);
  if (item.state === 'failed') return `未符合規定（${due}）`;
  if (left < 0) return `已逾期 ${-left} 天（${due}）`;
  const window = item.window_opens_on ? `，期間 ${formatDay(item.window_opens_on)}～${due}` : '';
  return left === 0 ? `今天到期（${due}${window}）` : `剩 ${left} 天（${due}${window}）`;
}

/** The engine's sentence for the item (packages/shared/src/compliance/reasons.ts), or null for a reason this server does not know. */
function reasonOf(item: Pick<DueItemToRemind, 'reason_key' | 'reason_params'>, formatDay: DayFormat): string | null {
  if (!(item.reason_key in REASONS)) return null;
  let params: ReasonParams = {};
  try {
    params = JSON.parse(item.reason_params) as ReasonParams;
  } catch {
    // A stored row that no longer parses still names its rule and status.
  }
  return reasonText(item.reason_key, params, 'zh-TW', formatDay);
}

/** The digest of `items` (already narrowed and ordered by site, by dueItemsToRemind), each rule named by `ruleTitle`. */
export function complianceDigest(
  items: readonly DueItemToRemind[],
  today: string,
  ruleTitle: (ruleKey: string) => string,
  formatDay: DayFormat = (day) => day,
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
    const reason = reasonOf(item, formatDay);
    lines.push(`${who}｜${ruleTitle(item.rule_key)}｜${dueItemWords(item, today, formatDay)}${reason ? `：${reason}` : ''}`);
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
