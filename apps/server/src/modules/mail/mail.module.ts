import { defineModule } from '../../lib/kit/server-module.ts';
import { mailRoutes } from './mail.routes.ts';

/** Mail: the outbox, its delivery and the templates (issue 10). */
export const mailModule = defineModule({
  name: 'mail',
  routes: [mailRoutes],
});
