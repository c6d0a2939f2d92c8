import { z } from 'zod';
import { APP_CONFIG_DEFAULTS as D } from './app-config-defaults.ts';
import { VALIDATION_KEYS } from './messages.ts';
import { ADMIN_ROLES, SUB_ACCOUNT_ROLES } from './roles.ts';
import { isHttpUrl } from './validators.ts';
import { RETENTION_MINIMUM_YEARS } from './retention-minimums.ts';

/** How many levels a category tree may have. */
const depth = z.number().int().min(1).max(5);

/** Application configuration of spec section 3, with its defaults. */
export const appConfigSchema = z.object({
  title: z.string().trim().min(1).max(100).default(D.title),
  description: z.string().max(300).default(D.description),
  appName: z.string().trim().min(1).max(50).default(D.appName),
  startYear: z.number().int().min(1900).max(2100).default(D.startYear),
  supportEmail: z.string().email().default(D.supportEmail),
  /** `#rrggbb`: the theme derives every shade from it (apps/web/src/app/theme.ts). */
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default(D.primaryColor),
  /** http(s) only (validators.ts isHttpUrl): the web shows it as a link. */
  developerUrl: z.string().trim().max(300).refine(isHttpUrl, VALIDATION_KEYS.invalid).default(D.developerUrl),
  version: z.string().max(30).default(D.version),
  adminGoogleLogin: z.boolean().default(D.adminGoogleLogin),
  pageCategoryDepth: z.object({ default: depth, article: depth, project: depth }).default(D.pageCategoryDepth),
  productCategoryDepth: depth.default(D.productCategoryDepth),
  productInstanceSeparator: z.string().min(1).max(3).regex(/^\S+$/).default(D.productInstanceSeparator),
  modules: z
    .object({
      banner: z.boolean(),
      contact: z.boolean(),
      page: z.boolean(),
      video: z.boolean(),
      member: z.boolean(),
      product: z.boolean(),
    })
    .default(D.modules),
  adminGroup: z.boolean().default(D.adminGroup),
  adminSubAccount: z.boolean().default(D.adminSubAccount),
  staffExcelMaxCellLimit: z.number().int().min(1).max(1000).default(D.staffExcelMaxCellLimit),
  certificateRemindersToStaffManagers: z.boolean().default(D.certificateRemindersToStaffManagers),
  twoFactorRequiredRoles: z.array(z.enum([...ADMIN_ROLES, ...SUB_ACCOUNT_ROLES])).default(D.twoFactorRequiredRoles),
  /** Issue 37: retention per category, never below the law's minimum (RETENTION_RULES, schemas/personal-data.ts). */
  personalDataRetention: z
    .object({
      departedStaffYears: z.number().int().min(RETENTION_MINIMUM_YEARS.departedStaffYears).max(100),
      departedStaffAction: z.enum(['anonymise', 'erase']),
      generalHealthYears: z.number().int().min(RETENTION_MINIMUM_YEARS.generalHealthYears).max(100),
      specialHealthYears: z.number().int().min(RETENTION_MINIMUM_YEARS.specialHealthYears).max(100),
    })
    .default(D.personalDataRetention),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
export const DEFAULT_APP_CONFIG: AppConfig = appConfigSchema.parse({});
export const API_VERSION = 'v1.0.0';

export { type ContentModule, type FeatureFlag, type FlagSource, isFeatureOn } from './feature-flags.ts';
