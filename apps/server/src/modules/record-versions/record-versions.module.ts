import { defineModule } from '../../lib/kit/server-module.ts';
import { recordVersionRoutes } from './record-versions.routes.ts';

/** Issue 36: what an open form asks to know whether it is behind (docs/api.md "Versions"). */
export const recordVersionsModule = defineModule({ name: 'record-versions', routes: [recordVersionRoutes] });
