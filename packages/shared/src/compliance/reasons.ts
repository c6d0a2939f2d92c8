/**
 * The reason of a due item in words (compliance_due_items.reason_key and reason_params), for the web and the
 * mails alike. `{{name}}` stands for a parameter; parameters named `*_on` are days (YYYY-MM-DD) that the
 * reader shows in the calendar the user chose (民國 or ISO) before filling them in.
 */
export const REASONS = {
  'compliance.reason.not_recorded': { 'zh-TW': '尚無紀錄', 'en-US': 'Nothing recorded yet' },
  'compliance.reason.date_needed': {
    'zh-TW': '紀錄缺少日期，無法判斷期限',
    'en-US': 'The record has no date, so the deadline cannot be worked out',
  },
  'compliance.reason.birthday_needed_age_band': {
    'zh-TW': '需要出生日期以判斷是否適用',
    'en-US': 'A date of birth is needed to tell whether this applies',
  },
  'compliance.reason.birthday_needed_health_interval': {
    'zh-TW': '需要出生日期以判斷健康檢查週期',
    'en-US': 'A date of birth is needed to work out the health check interval',
  },
  'compliance.reason.birthday_needed_interval': {
    'zh-TW': '需要出生日期以判斷週期',
    'en-US': 'A date of birth is needed to work out the interval',
  },
  // before work
  'compliance.reason.done_before_work': {
    'zh-TW': '已於 {{done_on}} 完成，不晚於到工日 {{starts_on}}',
    'en-US': 'Done on {{done_on}}, by the first day on site ({{starts_on}})',
  },
  'compliance.reason.needed_before_work': {
    'zh-TW': '須於到工日 {{starts_on}} 前完成（尚餘 {{days_left}} 天）',
    'en-US': 'Needed by the first day on site, {{starts_on}} ({{days_left}} days left)',
  },
  'compliance.reason.missing_before_work': {
    'zh-TW': '到工日 {{starts_on}} 前應完成，尚無紀錄',
    'en-US': 'Needed by the first day on site ({{starts_on}}); nothing recorded',
  },
  'compliance.reason.late_for_work': {
    'zh-TW': '於 {{done_on}} 才完成，晚於到工日 {{starts_on}}',
    'en-US': 'Done only on {{done_on}}, after the first day on site ({{starts_on}})',
  },
  'compliance.reason.insured_before_work': {
    'zh-TW': '已於 {{done_on}} 加保，不晚於到工日 {{starts_on}}',
    'en-US': 'Insured from {{done_on}}, by the first day on site ({{starts_on}})',
  },
  'compliance.reason.insured_late': {
    'zh-TW': '到工日 {{starts_on}} 未加保（於 {{done_on}} 才加保）',
    'en-US': 'Not insured on the first day on site ({{starts_on}}): insured only from {{done_on}}',
  },
  'compliance.reason.insurance_ended': {
    'zh-TW': '保險已於 {{ended_on}} 退保，仍在工地名冊上',
    'en-US': 'The insurance ended on {{ended_on}} while the worker is still on the site',
  },
  // every N months
  'compliance.reason.next_due': {
    'zh-TW': '上次 {{last_on}}，每 {{months}} 個月一次，下次期限 {{due_on}}（尚餘 {{days_left}} 天）',
    'en-US': 'Last on {{last_on}}, every {{months}} months: next due {{due_on}} ({{days_left}} days left)',
  },
  'compliance.reason.next_due_overdue': {
    'zh-TW': '上次 {{last_on}}，每 {{months}} 個月一次，期限 {{due_on}} 已逾期 {{days_overdue}} 天',
    'en-US': 'Last on {{last_on}}, every {{months}} months: due {{due_on}}, {{days_overdue}} days overdue',
  },
  'compliance.reason.next_due_by_age': {
    'zh-TW': '上次 {{last_on}}；屆期時 {{age}} 歲，每 {{months}} 個月一次，下次期限 {{due_on}}（尚餘 {{days_left}} 天）',
    'en-US': 'Last on {{last_on}}; aged {{age}} on the due date, every {{months}} months: next due {{due_on}} ({{days_left}} days left)',
  },
  'compliance.reason.next_due_by_age_overdue': {
    'zh-TW': '上次 {{last_on}}；屆期時 {{age}} 歲，每 {{months}} 個月一次，期限 {{due_on}} 已逾期 {{days_overdue}} 天',
    'en-US': 'Last on {{last_on}}; aged {{age}} on the due date, every {{months}} months: due {{due_on}}, {{days_overdue}} days overdue',
  },
  // valid until
  'compliance.reason.valid_until': {
    'zh-TW': '有效至 {{ends_on}}（尚餘 {{days_left}} 天）',
    'en-US': 'Valid until {{ends_on}} ({{days_left}} days left)',
  },
  'compliance.reason.expired': {
    'zh-TW': '已於 {{ends_on}} 到期，逾期 {{days_overdue}} 天',
    'en-US': 'Expired on {{ends_on}}, {{days_overdue}} days ago',
  },
  'compliance.reason.remaining_months': {
    'zh-TW': '有效至 {{ends_on}}；須保有 {{months}} 個月以上效期，{{due_on}} 前應換發（尚餘 {{days_left}} 天）',
    'en-US': 'Valid until {{ends_on}}; it must keep more than {{months}} months: renew by {{due_on}} ({{days_left}} days left)',
  },
  'compliance.reason.remaining_months_short': {
    'zh-TW': '有效至 {{ends_on}}，剩餘效期不足 {{months}} 個月（自 {{due_on}} 起）',
    'en-US': 'Valid until {{ends_on}}: less than {{months}} months left since {{due_on}}',
  },
  'compliance.reason.end_date_needed': {
    'zh-TW': '文件缺少到期日',
    'en-US': 'The document has no end date',
  },
  // windows after the date of entry
  'compliance.reason.entry_date_needed': {
    'zh-TW': '需要入境日期以判斷健康檢查期間',
    'en-US': 'The date of entry is needed to work out the health check windows',
  },
  'compliance.reason.window_open': {
    'zh-TW': '入境滿 {{window_months}} 個月健檢期間 {{opens_on}} 至 {{closes_on}}，尚未檢查（{{days_left}} 天後截止）',
    'en-US': 'The {{window_months}}-month check after entry is due: window {{opens_on}} to {{closes_on}}, closes in {{days_left}} days',
  },
  'compliance.reason.window_missed': {
    'zh-TW': '入境滿 {{window_months}} 個月健檢期間 {{opens_on}} 至 {{closes_on}} 已過，未檢查',
    'en-US': 'The {{window_months}}-month check after entry was missed (window {{opens_on}} to {{closes_on}})',
  },
  'compliance.reason.window_upcoming': {
    'zh-TW': '下一次為入境滿 {{window_months}} 個月健檢，期間 {{opens_on}} 至 {{closes_on}}',
    'en-US': 'Next: the {{window_months}}-month check after entry, window {{opens_on}} to {{closes_on}}',
  },
  'compliance.reason.windows_done': {
    'zh-TW': '入境後各次健康檢查均已完成（最後一次 {{done_on}}）',
    'en-US': 'Every check after entry is done (the last on {{done_on}})',
  },
  // departure report
  'compliance.reason.departure_report_due': {
    'zh-TW': '{{left_on}} 離職，須於 {{due_on}} 前報備（尚餘 {{days_left}} 天）',
    'en-US': 'Left on {{left_on}}: report by {{due_on}} ({{days_left}} days left)',
  },
  'compliance.reason.departure_report_overdue': {
    'zh-TW': '{{left_on}} 離職，應於 {{due_on}} 前報備，已逾期 {{days_overdue}} 天',
    'en-US': 'Left on {{left_on}}: the report was due {{due_on}}, {{days_overdue}} days overdue',
  },
  'compliance.reason.departure_reported': {
    'zh-TW': '已於 {{reported_on}} 報備',
    'en-US': 'Reported on {{reported_on}}',
  },
  'compliance.reason.departure_reported_late': {
    'zh-TW': '於 {{reported_on}} 才報備，期限為 {{due_on}}',
    'en-US': 'Reported only on {{reported_on}}; it was due {{due_on}}',
  },
} as const satisfies Record<string, { 'zh-TW': string; 'en-US': string }>;

export type ReasonKey = keyof typeof REASONS;
export type ReasonParams = Record<string, string | number>;
export type ReasonLocale = 'zh-TW' | 'en-US';

/**
 * A reason's sentence with its parameters filled in; `formatDay` shows the `*_on` days (e.g. in 民國). An
 * unknown key (a reason of a newer server) comes back as itself.
 */
export function reasonText(
  key: string,
  params: ReasonParams,
  locale: ReasonLocale,
  formatDay: (day: string) => string = (day) => day,
): string {
  const sentence = (REASONS as Record<string, { 'zh-TW': string; 'en-US': string }>)[key]?.[locale];
  if (!sentence) return key;
  return sentence.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const v = params[name];
    if (v === undefined) return whole;
    return name.endsWith('_on') && typeof v === 'string' ? formatDay(v) : String(v);
  });
}
