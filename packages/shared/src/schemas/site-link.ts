import { z } from 'zod';

/**
 * GET /api/admin/{page|product|banner}/{id}/site-link: where "view on the website" goes. Published
 * (shown on the site now): its public address, no expiry. Otherwise a signed preview link of the
 * draft, valid until `expires_at`.
 */
export const siteLinkResponse = z.object({
  url: z.string(),
  preview: z.boolean(),
  expires_at: z.string().nullable(),
});
export type SiteLink = z.infer<typeof siteLinkResponse>;
