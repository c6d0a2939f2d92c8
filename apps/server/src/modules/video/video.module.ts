import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { videoInput, videoListQuery, videoSchema } from '@bo/shared/schemas/video';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { videoPublicRoutes } from './video.routes.ts';
import { videoReads, videoService } from './video.service.ts';

/** Videos of the site (issue 11, docs/content.md): ROLE_VIDEO and super admins; module flag modules.video. */
export const videoModule = defineModule({
  name: 'video',
  site: true,
  flag: 'modules.video',
  routes: [
    resourceRoutes({
      path: '/api/admin/video',
      tags: ['video'],
      target: 'video',
      roles: { read: ROLES.video, write: ROLES.video },
      schemas: { view: videoSchema, input: videoInput, listQuery: videoListQuery },
      patch: { fields: ['published', 'sort_order'], rules: { published: z.boolean(), sort_order: videoInput.shape.sort_order.unwrap() } },
      reads: videoReads,
      service: videoService,
    }),
    videoPublicRoutes,
  ],
  photoReferences: [
    { table: 'videos', column: 'photo_id', target: 'video', kind: 'video', label: 'title', onWebsite: { column: 'published', value: 1 } },
  ],
});
