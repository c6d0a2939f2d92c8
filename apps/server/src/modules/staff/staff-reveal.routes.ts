import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam } from '@bo/shared/list';
import { revealBody, revealResponse } from '@bo/shared/schemas/personal-data-reveal';
import { revealStaffField } from './staff-reveal.service.ts';

/** POST /api/admin/organization/staff/:id/reveal (issue 37 item 4, docs/personal-data.md "Reveal"). */
export async function staffRevealRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/admin/organization/staff/:id/reveal',
    {
      schema: {
        tags: ['staff'],
        description:
          'Shows one masked field of a staff member (national_id, blood_type) in plain, for 60 seconds on the screen, for a reason ' +
          '(reason_code; reason_text required with `other`). Needs a role that may reveal (SUB_ACCOUNT_ROLE_ADMIN, ' +
          'SUB_ACCOUNT_ROLE_PERSONAL_DATA, ROLE_PERSONAL_DATA) and verify-identity (403 Identity verification required). ' +
          'Each reveal is logged: a `reveal` entry on the staff member in the audit log.',
        params: idParam,
        body: revealBody,
        response: { 200: revealResponse },
      },
      config: {
        roles: ROLES.personalDataReveal,
        organization: true,
        version: { unversioned: 'a look at one field: audited as a reveal, changes no record' },
      },
    },
    (req) => req.write('organization', (ctx) => revealStaffField(ctx, req.params.id, req.body)),
  );
}
