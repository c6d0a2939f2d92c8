import { defineModule } from '../../lib/kit/server-module.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness for load balancers, orchestrators and the container's HEALTHCHECK (docs/operations.md). */
export const healthModule = defineModule({
  name: 'health',
  routes: [healthRoutes],
});
