import { ROLES } from '@bo/shared/permissions';
import { otpListQuery, otpRecordSchema } from '@bo/shared/schemas/otp';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { otpReads, otpService } from './otp.service.ts';

/** One-time password records (spec section 7): GET /api/admin/otp/index, DELETE /api/admin/otp/batch, super admin only. */
export const otpModule = defineModule({
  name: 'otp',
  routes: [
    resourceRoutes({
      path: '/api/admin/otp',
      tags: ['otp'],
      target: 'one_time_code',
      roles: { read: ROLES.otp, write: ROLES.otp },
      schemas: { view: otpRecordSchema, listQuery: otpListQuery },
      without: ['create', 'update', 'patch', 'batchPatch'],
      reads: otpReads,
      service: otpService,
    }),
  ],
});
