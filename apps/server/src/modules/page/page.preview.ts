import { ROLES } from '@bo/shared/permissions';
import { publicPage } from '@bo/shared/schemas/page';
import { pagePath } from '@bo/shared/site-paths';
import { sitePreviewRoutes } from '../../lib/kit/site-preview.ts';
import { allOrganizations } from '../../lib/context/scope.ts';
import { publicDetail } from './page.public.routes.ts';
import { pages } from './page.repository.ts';
import { differsFromWebsite } from '../review/review-state.ts';

/** "View on the website" for a page: published, its address on the site; a draft, a scheduled one or a change in review, a signed preview. */
export const pagePreviewRoutes = sitePreviewRoutes({
  kind: 'page',
  adminPath: '/api/admin/page',
  roles: ROLES.page,
  tags: ['page'],
  livePath: async ({ db, scope }, id) => {
    const p = await pages.findOr404(db, scope, id);
    // Issue 41: a published page with a change waiting for review opens as a preview of that change.
    return p.status === 'published' && !(await differsFromWebsite(db, 'page', p)) ? pagePath(p) : null;
  },
  preview: async (db, id, locale) => {
    const p = await pages.findBy(db, allOrganizations, (qb) => qb.where('p.id', '=', id));
    return p ? publicDetail(p, locale) : null;
  },
  response: publicPage,
});
