import {
  PAGE_STATUSES,
  PAGE_TYPES,
  pageCategoryInput,
  pageCategoryListQuery,
  pageCategorySchema,
  pageInput,
  pageListQuery,
  pageSchema,
} from '@bo/shared/schemas/page';
import { sortOrder } from '@bo/shared/schemas/content';
import { ROLES } from '@bo/shared/permissions';
import { z } from 'zod';
import { CATEGORY_RESOURCE_CALLS } from '../../lib/kit/category-tree.ts';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { pageCategoryReads, pageCategoryService } from './page-category.service.ts';
import { pageGalleryReference } from './page-gallery-photos.ts';
import { pagePreviewRoutes } from './page.preview.ts';
import { pagePublicRoutes } from './page.public.routes.ts';
import { pages } from './page.repository.ts';
import { pageRoutes } from './page.routes.ts';
import { pagePublishTask } from './page-schedule.ts';
import { pageReads, pageService } from './page.service.ts';

/**
 * Pages of the site with their category trees (issue 11, docs/content.md): ROLE_PAGE and super
 * admins; module flag modules.page. Scheduled pages are published on the minute (page-schedule.ts).
 */
export const pageModule = defineModule({
  name: 'page',
  site: true,
  flag: 'modules.page',
  routes: [
    resourceRoutes({
      path: '/api/admin/page-category',
      tags: ['page'],
      target: 'page_category',
      roles: { read: ROLES.page, write: ROLES.page },
      schemas: { view: pageCategorySchema, input: pageCategoryInput, listQuery: pageCategoryListQuery },
      ...CATEGORY_RESOURCE_CALLS,
      reads: pageCategoryReads,
      service: pageCategoryService,
    }),
    resourceRoutes({
      path: '/api/admin/page',
      tags: ['page'],
      target: 'page',
      history: true,
      roles: { read: ROLES.page, write: ROLES.page },
      schemas: { view: pageSchema, input: pageInput, listQuery: pageListQuery },
      patch: {
        fields: ['status', 'sort_order'],
        rules: { status: z.enum(PAGE_STATUSES).exclude(['scheduled']), sort_order: sortOrder.unwrap() },
      },
      operationConfig: { create: { errors: [409] }, update: { errors: [409] } },
      order: { table: pages, scope: { type: z.enum(PAGE_TYPES) } },
      reads: pageReads,
      service: pageService,
    }),
    pageRoutes,
    pagePublicRoutes,
    pagePreviewRoutes,
  ],
  references: [pageGalleryReference],
  photoReferences: [
    {
      table: 'pages',
      column: 'cover_photo_id',
      target: 'page',
      kind: 'page',
      label: 'title',
      onWebsite: { column: 'status', value: 'published' },
    },
  ],
  minuteTasks: [pagePublishTask],
});
