/**
 * The law's shortest retention periods, in years (issue 37). The app config refuses less; the
 * citations are RETENTION_RULES in schemas/personal-data.ts. Plain data so app-config.ts (and the
 * web's first bundle) need nothing else.
 */
export const RETENTION_MINIMUM_YEARS = {
  /** 勞動基準法 §7 ¶2: the worker roster (勞工名卡) is kept until five years after the worker left. */
  departedStaffYears: 5,
  /** 勞工健康保護規則: general health-check records at least 7 years. */
  generalHealthYears: 7,
  /** 勞工健康保護規則: special health-check records at least 10 years. */
  specialHealthYears: 10,
} as const;
