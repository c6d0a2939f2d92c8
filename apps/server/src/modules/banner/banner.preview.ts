import { ROLES } from '@bo/shared/permissions';
import { publicBannerSchema } from '@bo/shared/schemas/banner';
import { sitePreviewRoutes } from '../../lib/kit/site-preview.ts';
import { localized } from '../../lib/public-read.ts';
import { allOrganizations } from '../../lib/context/scope.ts';
import { differsFromWebsite } from '../review/review-state.ts';
import { banners } from './banner.repository.ts';

/**
 * "View on the website" for a banner: the site shows the home position's banners inside their dates,
 * so such a banner opens the home page; any other (scheduled, ended, another position) a signed
 * preview of the home page with it first.
 */
export const bannerPreviewRoutes = sitePreviewRoutes({
  kind: 'banner',
  adminPath: '/api/admin/banner',
  roles: ROLES.banner,
  tags: ['banner'],
  livePath: async ({ db, scope }, id) => {
    const b = await banners.findOr404(db, scope, id);
    // Issue 41: a banner with a change not yet published (workflow on) previews, as a page does.
    return b.active && b.position === 'home' && !(await differsFromWebsite(db, 'banner', b)) ? '/' : null;
  },
  preview: async (db, id, locale) => {
    const b = (await banners.find(db, allOrganizations, [id]))[0];
    return b?.photo
      ? { id: b.id, title: localized(locale, b.title, b.title_en), position: b.position, link: b.link, photo: b.photo }
      : null;
  },
  response: publicBannerSchema,
});
