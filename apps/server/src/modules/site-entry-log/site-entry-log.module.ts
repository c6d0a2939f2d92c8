import { defineModule } from '../../lib/kit/server-module.ts';
import { siteEntryLogRoutes } from './site-entry-log.routes.ts';

/**
 * Issue 39 point 4 (docs/site-gate.md): reads over the site gate's entry log (written by modules/site-gate):
 * a site's entries, who is on site now, the attendance workbook, and the organization's latest overrides.
 */
export const siteEntryLogModule = defineModule({
  name: 'site-entry-log',
  routes: [siteEntryLogRoutes],
});
