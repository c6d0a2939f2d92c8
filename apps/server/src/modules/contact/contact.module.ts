import { ROLES } from '@bo/shared/permissions';
import { contactListQuery, contactPatchRules, contactSchema } from '@bo/shared/schemas/contact';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { contactRoutes } from './contact.routes.ts';
import { contactReads, contactService } from './contact.service.ts';

/**
 * Contacts of the site (issue 11, docs/content.md): received by the public form, handled by
 * ROLE_CONTACT (and super admins); module flag modules.contact (off: every call answers 404).
 */
export const contactModule = defineModule({
  name: 'contact',
  site: true,
  flag: 'modules.contact',
  routes: [
    resourceRoutes({
      path: '/api/admin/contact',
      tags: ['contact'],
      target: 'contact',
      roles: { read: ROLES.contact, write: ROLES.contact },
      schemas: { view: contactSchema, listQuery: contactListQuery },
      patch: { fields: ['status', 'handler_note', 'assignee_id'], rules: contactPatchRules },
      without: ['create', 'update'],
      reads: contactReads,
      service: contactService,
    }),
    contactRoutes,
  ],
});
