import { ROLES } from '@bo/shared/permissions';
import { z } from 'zod';
import { BANNER_POSITIONS, bannerInput, bannerListQuery, bannerSchema } from '@bo/shared/schemas/banner';
import { sortOrder } from '@bo/shared/schemas/content';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { banners } from './banner.repository.ts';
import { bannerPreviewRoutes } from './banner.preview.ts';
import { bannerRoutes } from './banner.routes.ts';
import { bannerReads, bannerService } from './banner.service.ts';

/** Banners of the site (issue 11, docs/content.md): ROLE_BANNER and super admins; module flag modules.banner. */
export const bannerModule = defineModule({
  name: 'banner',
  site: true,
  flag: 'modules.banner',
  routes: [
    resourceRoutes({
      path: '/api/admin/banner',
      tags: ['banner'],
      target: 'banner',
      history: true,
      roles: { read: ROLES.banner, write: ROLES.banner },
      schemas: { view: bannerSchema, input: bannerInput, listQuery: bannerListQuery },
      patch: { fields: ['sort_order'], rules: { sort_order: sortOrder.unwrap() } },
      order: { table: banners, scope: { position: z.enum(BANNER_POSITIONS) } },
      reads: bannerReads,
      service: bannerService,
    }),
    bannerRoutes,
    bannerPreviewRoutes,
  ],
  photoReferences: [
    { table: 'banners', column: 'photo_id', target: 'banner', kind: 'banner', label: 'title', place: 'position', onWebsite: true },
  ],
});
