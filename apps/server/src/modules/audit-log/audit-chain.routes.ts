import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import { auditChainCheck, auditChainStatus, auditChainVerifyBody } from '@bo/shared/schemas/audit-log';
import { auditChainStatus as statusOf, checkAuditChainOnce } from './audit-chain.service.ts';

const tags = ['audit-log'];

/** The audit chain on the audit log screen (docs/audit-log.md "The chain"): its state, and a check run now. */
export async function auditChainRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/audit-log/chain',
    {
      schema: {
        tags,
        description:
          "The chain's head (last entry and hash), its latest verification, its latest anchor (an hour's or a day's: its hash, " +
          'and when its mail left the server) and where anchors go (anchor_delivery: address, super_admins, or none: they stay on this server).',
        response: { 200: auditChainStatus },
      },
      config: { roles: ROLES.superAdmin },
    },
    async (req) => statusOf(req.read('admin')),
  );

  app.post(
    '/api/admin/audit-log/chain/verify',
    {
      schema: {
        tags,
        description:
          'Walks the chain (or the Taipei days given, both inclusive) now, records the outcome and answers it: the first ' +
          'entry that does not hold, with its id, time and problem, or status ok. Audited as verify_chain. One walk at a ' +
          'time: asked for the same days while one runs, it answers that walk; for other days, 409.',
        body: auditChainVerifyBody,
        response: { 200: auditChainCheck },
      },
      config: {
        roles: ROLES.superAdmin,
        errors: [409],
        version: { unversioned: 'walks the audit chain: records the outcome, changes no record' },
      },
    },
    async (req) => {
      const check = await checkAuditChainOnce(
        app.singleFlight,
        req.read('admin').db,
        (fn) => req.write('admin', fn),
        `admin:${req.actor.id}`,
        {
          fromDay: req.body.from_day,
          toDay: req.body.to_day,
        },
      );
      if (check.status === 'broken') req.log.error({ auditChain: check }, 'audit chain broken');
      return check;
    },
  );
}
