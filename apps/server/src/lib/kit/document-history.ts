import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { historyQuery, historyResponse, restoreInput } from '@bo/shared/schemas/history';
import { withVersion } from '@bo/shared/versions';
import type { AuditTarget } from '../context/audit-targets.ts';
import type { AdminReadContext, RequestContext } from '../context/request-context.ts';
import { notFound } from '../errors.ts';
import { recordHistory, restoreOf, type RestoredFrom } from './record-history.ts';
import { answerVersioned } from './versioned-read.ts';

type Snapshot = Record<string, unknown>;

export type { RestoredFrom };
export { restoreMarks } from './record-history.ts';

/**
 * A hand-written document (app config, website settings, a mail template) that answers its history and
 * restore as a kit resource with `history: true` does (record-history.ts, docs/history.md).
 */
export interface DocumentHistory<V extends object> {
  target: AuditTarget;
  roles: { read: readonly string[]; restore: readonly string[] };
  /** The audit id the path's `:document` names, or undefined when there is no such document (404). */
  idOf(param: string): string | undefined;
  /** The document as its audit entries snapshot it (what a history diffs and `as_of` rebuilds). */
  current(ctx: AdminReadContext, id: string): Promise<Snapshot>;
  /** Puts `values` back through the document's own save (its checks), audited `restore` with `restoreMarks(restored)`. */
  restore(ctx: RequestContext, id: string, values: Snapshot, restored: RestoredFrom): Promise<V>;
  /** The restore's answer (the document's read), sent with its version. */
  view: z.ZodType<V>;
}

export function documentHistoryRoutes<V extends object>(fastify: FastifyInstance, decl: DocumentHistory<V>) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // `:document`, not `:id`: a document's audit id is a name (`app`, `sign_in_code:en-US`), not a row id.
  const path = `/api/admin/history/${decl.target}/:document`;
  const params = z.object({ document: z.string().min(1).max(200) });
  const tags = ['history'];
  const idOr404 = (param: string) => {
    const id = decl.idOf(param);
    if (id === undefined) throw notFound();
    return id;
  };

  app.get(
    path,
    {
      schema: {
        tags,
        description:
          "The document's changes (its audit entries, field by field), newest first; `as_of` (a Taipei day) adds its state then.",
        params,
        querystring: historyQuery,
        response: { 200: historyResponse },
      },
      config: { roles: decl.roles.read, errors: [404] as const },
    },
    async (req) => {
      const ctx = req.read('admin');
      const id = idOr404(req.params.document);
      const current = await decl.current(ctx, id);
      return recordHistory(ctx.db, { targetType: decl.target, targetId: id, organizationId: null, current }, req.query);
    },
  );

  app.post(
    `${path}/restore`,
    {
      schema: {
        tags,
        description:
          'Puts back the fields (all when absent) as they were before (`side: before`, the default) or after an entry of ' +
          "this document (`entry_id`), or every field that differs from its state at the end of a Taipei day (`as_of`), through the document's " +
          'own save in one write; audited `restore` naming `restored_entry_id`, or `restored_as_of` and `restored_entry_ids`.',
        params,
        body: restoreInput,
        response: { 200: withVersion(decl.view) },
      },
      config: {
        roles: decl.roles.restore,
        errors: [404] as const,
        version: { target: decl.target, id: (r) => idOr404((r.params as { document: string }).document) },
      },
    },
    (req, reply) =>
      req.write('admin', async (ctx) => {
        const id = idOr404(req.params.document);
        const current = await decl.current(ctx, id);
        const record = { targetType: decl.target, targetId: id, organizationId: null, current };
        const { values, restored } = await restoreOf(ctx.db, record, req.body);
        const after = await decl.restore(ctx, id, values, restored);
        return answerVersioned(reply, ctx.db, decl.target, id, after);
      }),
  );
}
