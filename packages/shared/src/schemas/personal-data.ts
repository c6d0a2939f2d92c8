import { z } from 'zod';
import { dateText, staffFieldRules } from './staff.ts';

/** Categories of personal data (issue 37): identifiers, health, contact details. */
export const PERSONAL_DATA_CATEGORIES = ['identifier', 'health', 'contact'] as const;
export type PersonalDataCategory = (typeof PERSONAL_DATA_CATEGORIES)[number];

export const RETENTION_RULE_IDS = ['departed-staff', 'general-health', 'special-health'] as const;
export type RetentionRuleId = (typeof RETENTION_RULE_IDS)[number];

/**
 * Retention rules as data: what, the app config field that sets it, the law's minimum and its source
 * (docs/personal-data.md, "Retention"). Article numbers the rule pack could not confirm say so.
 */
export const RETENTION_RULES: readonly {
  id: RetentionRuleId;
  setting: 'departedStaffYears' | 'generalHealthYears' | 'specialHealthYears';
  counts_from: 'left_on' | 'checked_on';
  citation: string;
}[] = [
  {
    id: 'departed-staff',
    setting: 'departedStaffYears',
    counts_from: 'left_on',
    citation: '勞動基準法 §7 ¶2（勞工名卡保管至離職後五年）',
  },
  {
    id: 'general-health',
    setting: 'generalHealthYears',
    counts_from: 'checked_on',
    citation: '勞工健康保護規則（一般體格及健康檢查紀錄至少保存 7 年；條號待確認）',
  },
  {
    id: 'special-health',
    setting: 'specialHealthYears',
    counts_from: 'checked_on',
    citation: '勞工健康保護規則（特殊健康檢查紀錄至少保存 10 年；條號待確認）',
  },
];

export const retentionRuleView = z.object({
  id: z.enum(RETENTION_RULE_IDS),
  years: z.number(),
  minimum_years: z.number(),
  citation: z.string(),
  counts_from: z.enum(['left_on', 'checked_on']),
  /** Records of this kind the product stores today (health-check records arrive with their own tables). */
  applies: z.boolean(),
});

export const retentionPreviewQuery = z.object({
  /** The Taipei day the run is for; today's when absent. */
  day: dateText.optional(),
});

export const retentionPreviewItem = z.object({
  rule: z.enum(RETENTION_RULE_IDS),
  action: z.enum(['anonymise', 'erase']),
  staff_id: z.number(),
  organization_id: z.number(),
  organization_name: z.string(),
  /** Masked as everywhere else a staff leaves: the surname and the staff number. */
  name: z.string(),
  /** The day a departed staff's period counts from; null for a health check (its `checked_on`). */
  left_on: z.string().nullable(),
  /** Issue 38: the day a health check's period counts from. */
  checked_on: z.string().nullable().optional(),
  /** The health check a health rule erases. */
  health_check_id: z.number().optional(),
  /** The last day the record was kept: the run on the day after anonymises or erases it. */
  kept_until: z.string(),
});

export const retentionPreviewResponse = z.object({
  day: z.string(),
  rules: z.array(retentionRuleView),
  items: z.array(retentionPreviewItem),
  total: z.number(),
});
export type RetentionPreview = z.infer<typeof retentionPreviewResponse>;

export const inventoryCategory = z.object({
  category: z.enum(PERSONAL_DATA_CATEGORIES),
  people: z.number(),
  records: z.number(),
  places: z.array(z.object({ table: z.string(), column: z.string(), encrypted: z.boolean(), records: z.number() })),
  reveal_roles: z.array(z.string()),
  retention: z.array(z.enum(RETENTION_RULE_IDS)),
});

export const LEAK_NOTIFY_IDS = ['persons', 'authority'] as const;
export type LeakNotifyId = (typeof LEAK_NOTIFY_IDS)[number];

/**
 * Whom the company tells after a leak (issue 37 item 6), as data with its sources, in the law's words.
 * Product data, not legal advice (docs/personal-data.md "Inventory"): what the rule pack could not confirm
 * against an official text is `confirmed: false` and says so in its citation.
 */
export const LEAK_NOTIFICATIONS: readonly {
  id: LeakNotifyId;
  /** Who is told. */
  whom: string;
  /** When and how. */
  when: string;
  citation: string;
  confirmed: boolean;
}[] = [
  {
    id: 'persons',
    whom: '當事人（資料被竊取、洩漏、竄改或其他侵害所涉之每一位員工）',
    when: '查明後，以適當方式通知（如書面、電話、簡訊、電子郵件）：發生了什麼、已採取的措施、可洽詢的窗口',
    citation: '個人資料保護法 §12（查明後以適當方式通知當事人）',
    confirmed: true,
  },
  {
    id: 'authority',
    whom: '中央目的事業主管機關／個人資料保護委員會（非公務機關）',
    when: '知悉後 72 小時內通報（期限出自施行細則草案，未確認；加密而無法讀取的資料依草案得免通報）',
    citation: '個人資料保護法 2025 年修正條文（非公務機關之通報義務）；72 小時期限：施行細則草案，條號與期限待確認',
    confirmed: false,
  },
];

export const leakNotification = z.object({
  id: z.enum(LEAK_NOTIFY_IDS),
  whom: z.string(),
  when: z.string(),
  citation: z.string(),
  confirmed: z.boolean(),
});

export const inventoryResponse = z.object({
  generated_at: z.string(),
  categories: z.array(inventoryCategory),
  /** Whom to notify after a leak (LEAK_NOTIFICATIONS): product data, not legal advice. */
  notify: z.array(leakNotification),
  retention: z.array(retentionRuleView),
  departed_staff: z.number(),
  anonymised_staff: z.number(),
});
export type PersonalDataInventory = z.infer<typeof inventoryResponse>;

export const REQUEST_REASON_MAX = 300;
const reason = z.string().trim().min(1, 'validate.error.required').max(REQUEST_REASON_MAX);

/** Fields a person may have corrected (個資法 §11 ¶1): their own data, not the company's bookkeeping. */
export const CORRECTABLE_FIELDS = [
  'name',
  'nickname',
  'national_id',
  'birthday',
  'gender',
  'mobile',
  'email',
  'address',
  'emergency_contact',
  'emergency_phone',
  'blood_type',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

export const correctionBody = z.strictObject({
  changes: z
    .strictObject(
      Object.fromEntries(CORRECTABLE_FIELDS.map((f) => [f, staffFieldRules[f]])) as {
        [F in CorrectableField]: (typeof staffFieldRules)[F];
      },
    )
    .partial(),
  reason,
});

export const erasureBody = z.strictObject({ reason });

/**
 * What an erasure on request keeps while the person works here and for the company's period after
 * (the worker roster, 勞動基準法 §7 and 施行細則 §21), beside the name; the rest of these goes at once.
 */
export const ERASURE_ROSTER_FIELDS = ['national_id', 'address', 'birthday', 'gender'] as const;
export const ERASURE_ERASABLE_FIELDS = [
  'nickname',
  'mobile',
  'email',
  'emergency_contact',
  'emergency_phone',
  'blood_type',
  'notes',
  'photo',
] as const;

export const erasureResponse = z.object({
  staff_id: z.number(),
  erased: z.array(z.string()),
  /** Fields the law still requires, with the last day they must be kept (null: while employed). */
  kept: z.array(z.object({ field: z.string(), until: z.string().nullable(), citation: z.string() })),
  anonymised: z.boolean(),
});
export type ErasureResponse = z.infer<typeof erasureResponse>;
