import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '@bo/shared/permissions';
import { recordVersionSchema } from '@bo/shared/versions';
import { notFound } from '../../lib/errors.ts';
import { recordVersion } from '../../lib/context/record-versions.ts';

/**
 * Issue 36: a record's version, who changed it last and when, for an open form to say it is behind
 * before its user saves. Open to every signed-in admin, then decided per record: the roles of the
 * record's resource and the record in the caller's reach (another organization's is 404), as its read.
 */
export async function recordVersionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/record-versions/:target_type/:target_key',
    {
      schema: {
        tags: ['record-versions'],
        description:
          "A record's current version (its read's ETag), who changed it last and when: 404 for a record the caller cannot read " +
          '(the roles of its resource, its organization).',
        // The key is the record's as its version names it: an id, `organizationId:adminId`, `name:locale`, a settings name.
        params: z.object({ target_type: z.string().max(50), target_key: z.string().max(100) }),
        response: { 200: recordVersionSchema },
      },
      config: { roles: [] },
    },
    async (req) => {
      const ctx = req.read('admin');
      const { target_type, target_key } = req.params;
      for (const reader of app.recordReaders.of(target_type)) {
        if (!can(ctx.principal.roles, reader.roles)) continue;
        const found = await reader.find(ctx, target_key).catch(() => undefined);
        if (found !== undefined && found !== null) return recordVersion(ctx.db, target_type, target_key);
      }
      throw notFound();
    },
  );
}
