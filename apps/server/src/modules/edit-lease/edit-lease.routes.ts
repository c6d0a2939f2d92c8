import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editLeaseBody, editLeaseListQuery, editLeaseListResponse, editLeaseResponse } from '@bo/shared/schemas/edit-leases';
import { notFound, permissionDenied, roleMissing } from '../../lib/errors.ts';
import { resolveTargetLabel } from '../../lib/context/audit-labels.ts';
import type { AdminReadContext } from '../../lib/context/request-context.ts';
import { leaseStateFor, type LeaseTarget } from '../../lib/edit-leases/edit-lease-store.ts';

const base = '/api/admin/edit-leases';
const tags = ['edit-leases'];
// Any signed-in admin reaches the routes; the record's own resource then decides (its read roles, its organization).
const config = {
  roles: [],
  errors: [404] as const,
  version: { unversioned: 'bookkeeping of who has a form open: changes no record (a take-over is audited)' },
};

/** A record's key as leases store it: a row id without leading zeros, or a document's key as its version names it. */
const keyOf = (id: string): string => (/^\d{1,15}$/.test(id) ? String(Number(id)) : id);

/**
 * The keys of `targetType` the caller may read, refusing as the record's resource would: its roles (403), its organization (403).
 * Row ids and documents' keys (app_config `app`, a mail template's `name:locale`, website_settings `1`) alike.
 */
async function readableKeys(req: FastifyRequest, ctx: AdminReadContext, targetType: string, keys: readonly string[]): Promise<string[]> {
  const reach = await req.server.recordReaders.reachableKeys(ctx, targetType, keys.map(keyOf));
  if (reach.ok) return reach.keys;
  if (reach.why === 'role') throw roleMissing(req.server.recordReaders.roles(targetType) ?? []);
  if (reach.why === 'organization') throw permissionDenied();
  throw notFound();
}

/** The record the body names, if the caller may read it; 404 when it does not exist or is another organization's. */
async function leaseTarget(req: FastifyRequest, body: { target_type: string; target_id: string }): Promise<LeaseTarget> {
  const key = keyOf(body.target_id);
  const found = await readableKeys(req, req.read('admin'), body.target_type, [key]);
  if (!found.includes(key)) throw notFound();
  return { targetType: body.target_type, targetId: key };
}

/**
 * Who is editing (issue 36 section 2): an open form takes and renews its edit lease, others see it on
 * the form and in the list, and may take it over (audited). Leases are bookkeeping, not changes: only
 * the take-over writes an audit entry.
 */
export async function editLeaseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const leases = () => fastify.editLeases.store;
  const holderOf = (req: FastifyRequest) => ({ id: req.actor.id, name: req.actor.name });

  app.post(
    base,
    {
      schema: {
        tags,
        description: "Takes or renews (heartbeat) the caller's edit lease on a record; answers who else is editing it.",
        body: editLeaseBody,
        response: { 200: editLeaseResponse },
      },
      config,
    },
    async (req) => {
      const target = await leaseTarget(req, req.body);
      const all = await req.write('admin', (ctx) => leases().heartbeat(ctx, target, holderOf(req), new Date()));
      return leaseStateFor(req.actor.id, all);
    },
  );

  app.delete(
    base,
    {
      schema: {
        tags,
        description: "Ends the caller's edit lease on a record (the form was left).",
        body: editLeaseBody,
        response: { 200: z.object({ message: z.string() }) },
      },
      config,
    },
    async (req) => {
      const target = await leaseTarget(req, req.body);
      await req.write('admin', (ctx) => leases().end(ctx, target, req.actor.id));
      return { message: 'OK' };
    },
  );

  app.post(
    `${base}/take-over`,
    {
      schema: {
        tags,
        description: 'Takes the editing of a record over from whoever holds its lease (audited `edit_lease` `take_over`).',
        body: editLeaseBody,
        response: { 200: editLeaseResponse },
      },
      config,
    },
    async (req) => {
      const target = await leaseTarget(req, req.body);
      const all = await req.write('admin', async (ctx) => {
        const now = new Date();
        const from = await leases().takeOver(ctx, target, holderOf(req), now);
        if (from.length)
          await ctx.audit({
            action: 'take_over',
            target_type: 'edit_lease',
            target_id: `${target.targetType}:${target.targetId}`,
            target_label: await resolveTargetLabel(ctx.trx, { target_type: target.targetType, target_id: target.targetId }),
            after: { target_type: target.targetType, target_id: target.targetId, from },
          });
        return leases().heartbeat(ctx, target, holderOf(req), now);
      });
      return leaseStateFor(req.actor.id, all);
    },
  );

  app.get(
    base,
    {
      schema: {
        tags,
        description:
          "The other admins' active edit leases on the rows `ids` of one list page (one call per page), for the list marker, or on one document " +
          "(its key, as `app` or `name:locale`); the caller's own are not listed.",
        querystring: editLeaseListQuery,
        response: { 200: editLeaseListResponse },
      },
      config: { roles: [] },
    },
    async (req) => {
      const ctx = req.read('admin');
      const keys = await readableKeys(req, ctx, req.query.target_type, req.query.ids);
      const active = await leases().active(ctx, req.query.target_type, keys, new Date());
      // Only the others': the caller's own form (or another tab of theirs) is no news to them, as on the form's banner.
      const others = active.filter((l) => l.admin.id !== req.actor.id);
      return { data: others.map((l) => ({ target_id: l.target_id, admin: l.admin, since: l.since })) };
    },
  );
}
