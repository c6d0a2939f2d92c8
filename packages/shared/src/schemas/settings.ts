import { z } from 'zod';
import { appConfigSchema } from '../app-config.ts';
import { OAUTH_PROVIDERS } from './account.ts';

/** GET /api/settings: what the web and the website need before anyone signs in (spec section 3). */
export const publicSettings = z.object({
  recaptcha: z.object({ client: z.string().nullable() }),
  config: appConfigSchema,
  api_version: z.string(),
  /** Social sign-in providers configured on the server (issue 10): the website's members sign in with these. */
  oauth_providers: z.array(z.enum(OAUTH_PROVIDERS)),
  /** The providers admins sign in and link with: the configured ones, Google only while config.adminGoogleLogin is on (issue 26). */
  admin_oauth_providers: z.array(z.enum(OAUTH_PROVIDERS)),
  /** Whether mail can leave (SMTP_URL set): without it the screens that would promise a mail say so instead (issue 42). */
  mail_enabled: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettings>;
