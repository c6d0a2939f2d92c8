import { defineModule } from '../../lib/kit/server-module.ts';

/** One-time password records: GET /api/admin/otp/index, DELETE /api/admin/otp/batch (issue 10). */
export const otpModule = defineModule({
  name: 'otp',
  routes: [],
});
