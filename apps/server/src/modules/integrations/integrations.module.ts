import { defineModule } from '../../lib/kit/server-module.ts';
import { integrationsRoutes } from './integrations.routes.ts';

/** LINE messages and the Google Drive check (spec section 7; issue 13, parts 4 and 5). */
export const integrationsModule = defineModule({ name: 'integrations', routes: [integrationsRoutes] });
