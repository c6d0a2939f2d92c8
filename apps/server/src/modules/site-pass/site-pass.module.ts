import { defineModule } from '../../lib/kit/server-module.ts';
import { passes } from './site-pass.repository.ts';
import { sitePassRoutes } from './site-pass.routes.ts';

/**
 * Issue 39 point 1 (docs/site-gate.md): the workers' site passes, their badge photos and the public phone pass.
 * Registered before the site and staff modules: an organization's passes go before the sites and staff they name.
 */
export const sitePassModule = defineModule({
  name: 'site-pass',
  routes: [sitePassRoutes],
  dependents: [passes.dependent],
});
