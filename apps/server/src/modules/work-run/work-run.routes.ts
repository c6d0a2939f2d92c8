import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@bo/shared/list';
import { WORK_RUN_KEYS } from '@bo/shared/messages';
import { interruptedRunsQuery, interruptedRunsResponse } from '@bo/shared/schemas/work-runs';
import { notFound } from '../../lib/errors.ts';
import { dismissWorkRun, interruptedWorkRuns } from '../../lib/work-runs/work-runs.repository.ts';

const fileNameOf = (detail: string): string | null => {
  try {
    const parsed = JSON.parse(detail) as { file_name?: unknown };
    return typeof parsed.file_name === 'string' ? parsed.file_name : null;
  } catch {
    return null;
  }
};

/**
 * The signed-in admin's own work that a killed server process never finished (lib/work-runs/): the
 * import, export and photo screens show each until the admin dismisses it. Nothing of such work was
 * kept, so the notice asks to do it again.
 */
export async function workRunRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['work-runs'];

  app.get(
    '/api/admin/work-runs/interrupted',
    {
      schema: {
        tags,
        description: "The caller's interrupted runs of `kind` not dismissed yet, newest first.",
        querystring: interruptedRunsQuery,
        response: { 200: interruptedRunsResponse },
      },
      config: { roles: [] },
    },
    async (req) => {
      const ctx = req.read('admin');
      const rows = await interruptedWorkRuns(ctx.db, ctx.principal.id, req.query.kind);
      return {
        data: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          organization_id: r.organization_id,
          started_at: r.started_at,
          file_name: fileNameOf(r.detail),
          key: WORK_RUN_KEYS[r.kind],
        })),
      };
    },
  );

  app.delete(
    '/api/admin/work-runs/interrupted/:id',
    {
      schema: { tags, description: 'Dismisses the notice of one of the caller’s interrupted runs.', params: idParam },
      config: { roles: [], errors: [404] as const, version: { unversioned: 'dismisses a notice of the caller’s own: no record' } },
    },
    async (req, reply) => {
      // The notice's state, not data: no audit entry (the interruption itself is in the server's log).
      const dismissed = await req.write('admin', (ctx) =>
        dismissWorkRun(ctx.trx, req.params.id, ctx.principal.id, new Date().toISOString()),
      );
      if (!dismissed) throw notFound();
      return reply.code(204).send();
    },
  );
}
