import { defineModule } from '../../lib/kit/server-module.ts';

/** Mail: the outbox, its delivery and the templates (issue 10). */
export const mailModule = defineModule({
  name: 'mail',
  routes: [],
});
