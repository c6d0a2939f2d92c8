import type { Role } from './roles.ts';

/**
 * Defaults of the application config (spec section 3) as plain data, so the web's first
 * bundle can use them without loading zod. `app-config.ts` builds its schema defaults from these.
 */
export const APP_CONFIG_DEFAULTS = {
  title: '營造後台',
  description: 'Construction company back office',
  appName: '營造後台',
  startYear: 2024,
  supportEmail: 'support@example.com',
  primaryColor: '#1677ff',
  developerUrl: 'https://example.com',
  version: '2.0.13',
  adminGoogleLogin: true,
  pageCategoryDepth: { default: 1, article: 2, project: 1 },
  productCategoryDepth: 2,
  /** Joins the attribute values of a product instance's name (spec section 3): `20kg-灰`. */
  productInstanceSeparator: '-',
  /** The site content modules (spec section 3 also listed `admin`, which switched nothing: removed in issue 26). */
  modules: { banner: true, contact: true, page: true, video: true, member: true, product: true },
  adminGroup: false,
  adminSubAccount: true,
  staffExcelMaxCellLimit: 50,
  /** Issue 26: the daily certificate reminder also mails the company-wide staff managers (ROLE_STAFF). */
  certificateRemindersToStaffManagers: false,
  /** Roles whose holders must sign in with two-factor (issue 10): empty, two-factor is each admin's choice. */
  twoFactorRequiredRoles: [] as Role[],
  /**
   * Issue 37: how long personal data is kept (docs/personal-data.md, "Retention"); the minimums and
   * citations are RETENTION_RULES in schemas/personal-data.ts.
   */
  personalDataRetention: {
    departedStaffYears: 5,
    departedStaffAction: 'anonymise' as 'anonymise' | 'erase',
    generalHealthYears: 7,
    specialHealthYears: 10,
  },
};

export type AppConfigDefaults = typeof APP_CONFIG_DEFAULTS;
