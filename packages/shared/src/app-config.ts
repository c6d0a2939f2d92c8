import { z } from 'zod';
import { APP_CONFIG_DEFAULTS as D } from './app-config-defaults.ts';

/** Application configuration of spec section 3, with its defaults. */
export const appConfigSchema = z.object({
  title: z.string().default(D.title),
  description: z.string().default(D.description),
  appName: z.string().default(D.appName),
  startYear: z.number().int().default(D.startYear),
  supportEmail: z.string().default(D.supportEmail),
  primaryColor: z.string().default(D.primaryColor),
  developerUrl: z.string().default(D.developerUrl),
  version: z.string().default(D.version),
  adminGoogleLogin: z.boolean().default(D.adminGoogleLogin),
  pageCategoryDepth: z.object({ default: z.number(), article: z.number(), project: z.number() }).default(D.pageCategoryDepth),
  productCategoryDepth: z.number().default(D.productCategoryDepth),
  modules: z
    .object({
      admin: z.boolean(),
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
  staffExcelMaxCellLimit: z.number().int().default(D.staffExcelMaxCellLimit),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
export const DEFAULT_APP_CONFIG: AppConfig = appConfigSchema.parse({});
export const API_VERSION = 'v1.0.0';
