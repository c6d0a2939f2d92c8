import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { photoListQuery, photoSchema, photoTag } from '@bo/shared/schemas/photo';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { registerMultipart } from '../../lib/uploads/multipart.ts';
import { photoDeleteRoutes } from './photo-delete.routes.ts';
import { photoUploadRoutes } from './photo-upload.routes.ts';
import { photos } from './photo.repository.ts';
import { photoReads, photoService } from './photo.service.ts';

/**
 * The photo library with its variants (spec section 7). Spec section 6 gives the list ROLE_BASE and
 * the menu entry ROLE_PHOTO: any admin may browse and pick photos; uploading, editing and deleting
 * need ROLE_PHOTO (ROLE_MAINTAINER passes every check). `library=company` acts on the company's photos
 * (no organization, issue 42) for ROLES.companyPhotos only.
 */
export const photoModule = defineModule({
  name: 'photo',
  setup: registerMultipart,
  routes: [
    resourceRoutes({
      path: '/api/admin/photo',
      tags: ['photo'],
      target: 'photo',
      roles: { read: ROLES.photoList, write: ROLES.photo },
      config: { companyLibrary: ROLES.companyPhotos },
      schemas: { view: photoSchema, listQuery: photoListQuery },
      patch: {
        fields: ['title', 'alt', 'tags'],
        rules: { title: z.string().trim().max(200), alt: z.string().trim().max(500), tags: z.array(photoTag).max(30) },
      },
      patchAction: 'update',
      without: ['read', 'create', 'update', 'batchPatch', 'delete', 'batchDelete'],
      reads: photoReads,
      service: photoService,
    }),
    photoUploadRoutes,
    photoDeleteRoutes,
  ],
  dependents: [photos.dependent],
});
