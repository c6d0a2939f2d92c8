import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import {
  complianceRuleCreate,
  complianceRuleKeyParams,
  complianceRuleList,
  complianceRulePatch,
  complianceRuleView as complianceRuleViewSchema,
} from '@bo/shared/schemas/compliance-rules';
import type { VersionDeclaration } from '../../lib/context/version-check.ts';
import { complianceRuleView, complianceRuleViews, complianceRulesService, ruleRecordId } from './compliance-rules.service.ts';

const base = '/api/admin/organization/compliance/rules';
const tags = ['compliance-rules'];

/** The rule a write names: one rule of the organization it acts in (issue 36 versions). */
const ruleVersion: VersionDeclaration = {
  target: 'compliance_rule',
  id: (r) => ruleRecordId(r.organizationId ?? 0, (r.params as { key: string }).key),
  current: (ctx, id) => complianceRuleView({ db: ctx.db, organizationId: ctx.organizationId ?? 0 }, id.slice(id.indexOf(':') + 1)),
};

/**
 * The organization's rule settings over the Taiwan pack (issue 38 §3): read by its staff readers,
 * changed by its admin (or a super admin). Every change is audited and recomputes the due items.
 */
export async function complianceRulesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { roles: ROLES.complianceRulesRead, organization: true } as const;
  const write = { roles: ROLES.complianceRulesWrite, organization: true } as const;

  app.get(
    base,
    {
      schema: {
        tags,
        description:
          'The rules the organization runs: the pack’s (with its stricter intervals and switches) and its own, each with its citation, ' +
          'the pack’s interval beside the organization’s, and the note of a rule not confirmed from the official text.',
        response: { 200: complianceRuleList },
      },
      config: read,
    },
    async (req) => ({ data: await complianceRuleViews(req.read('organization')) }),
  );

  app.patch(
    `${base}/:key`,
    {
      schema: {
        tags,
        description:
          'Switches a rule on or off (a reason is required to switch one off, or to switch on an unconfirmed one), makes its interval ' +
          'stricter (a laxer one is refused: 400 validate.error.rule_not_stricter), or replaces a custom rule’s definition.',
        params: complianceRuleKeyParams,
        body: complianceRulePatch,
        response: { 200: complianceRuleViewSchema },
      },
      config: { ...write, version: ruleVersion },
    },
    (req) => req.write('organization', (ctx) => complianceRulesService(ctx).update(req.params.key, req.body)),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        description: 'A rule of the organization’s own (source custom); its key may not be a pack rule’s or another of its own.',
        body: complianceRuleCreate,
        response: { 200: complianceRuleViewSchema },
      },
      config: { ...write, version: 'create' },
    },
    (req) => req.write('organization', (ctx) => complianceRulesService(ctx).create(req.body)),
  );

  app.delete(
    `${base}/:key`,
    {
      schema: {
        tags,
        description: 'Deletes a custom rule (a pack rule is switched off instead: 400 validate.error.rule_pack_not_deletable).',
        params: complianceRuleKeyParams,
        response: { 200: z.object({ message: z.string() }) },
      },
      config: { ...write, version: ruleVersion },
    },
    (req) =>
      req.write('organization', async (ctx) => {
        await complianceRulesService(ctx).remove(req.params.key);
        return { message: 'ok' };
      }),
  );
}
