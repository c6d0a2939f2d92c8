import { defineModule } from '../../lib/kit/server-module.ts';
import { websiteSettingsRoutes } from './website-settings.routes.ts';

/** The website's identity (issue 26, docs/content.md "Website settings"): one document, its logo a library photo. */
export const websiteSettingsModule = defineModule({
  name: 'website-settings',
  site: true,
  routes: [websiteSettingsRoutes],
  photoReferences: [
    {
      table: 'website_settings',
      column: 'logo_photo_id',
      target: 'website_settings',
      kind: 'logo',
      label: 'company_name',
      onWebsite: true,
    },
  ],
});
