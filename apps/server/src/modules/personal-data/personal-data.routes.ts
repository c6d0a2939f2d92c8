import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayInTaipei } from '@bo/shared/dates';
import { idParam } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import {
  correctionBody,
  erasureBody,
  erasureResponse,
  inventoryResponse,
  REQUEST_REASON_MAX,
  retentionPreviewQuery,
  retentionPreviewResponse,
} from '@bo/shared/schemas/personal-data';
import { loadAppConfig } from '../../lib/app-config.ts';
import { notFound } from '../../lib/errors.ts';
import type { VersionDeclaration } from '../../lib/context/version-check.ts';
import { sendXlsx } from '../../lib/xlsx-stream.ts';
import { encryptedFields } from '../../lib/personal-data/categories.ts';
import { openedValues } from '../../lib/personal-data/sealed-columns.ts';
import { keyRing } from '../../lib/personal-data/vault.ts';
import { personalDataInventory } from './inventory.ts';
import { personalCopyWorkbook } from './personal-copy.ts';
import { staffWithCertificates } from './personal-data.repository.ts';
import { personalRights } from './personal-rights.service.ts';
import { healthRetentionBatches, maskName, retentionBatches, retentionRules } from './retention.ts';

/** Preview rows beyond this are counted, not listed (the run still touches them all). */
const PREVIEW_LIST_MAX = 2000;

export async function personalDataRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['personal-data'];

  app.get(
    '/api/admin/personal-data/retention/preview',
    {
      schema: {
        tags,
        description:
          'What the retention run for `day` (today in Taipei when absent) anonymises or erases: every record past its period, ' +
          `with the rules and the company's settings. Names are masked. At most ${PREVIEW_LIST_MAX} items are listed; total counts all.`,
        querystring: retentionPreviewQuery,
        response: { 200: retentionPreviewResponse },
      },
      config: { roles: ROLES.superAdmin },
    },
    async (req) => {
      const { db } = req.read('admin');
      const day = req.query.day ?? todayInTaipei();
      const retention = (await loadAppConfig(db)).personalDataRetention;
      const items = [];
      let total = 0;
      for await (const batch of retentionBatches(db, retention, day)) {
        total += batch.length;
        for (const b of batch) {
          if (items.length >= PREVIEW_LIST_MAX) break;
          items.push({
            rule: 'departed-staff' as const,
            action: retention.departedStaffAction,
            staff_id: b.id,
            organization_id: b.organization_id,
            organization_name: b.organization_name,
            name: maskName(b.name),
            left_on: b.left_on,
            kept_until: b.kept_until,
          });
        }
      }
      for await (const batch of healthRetentionBatches(db, retention, day)) {
        total += batch.length;
        for (const b of batch) {
          if (items.length >= PREVIEW_LIST_MAX) break;
          items.push({
            rule: b.rule,
            action: 'erase' as const,
            staff_id: b.staff_id,
            organization_id: b.organization_id,
            organization_name: b.organization_name,
            name: maskName(b.name),
            left_on: null,
            checked_on: b.checked_on,
            health_check_id: b.id,
            kept_until: b.kept_until,
          });
        }
      }
      return { day, rules: retentionRules(retention), items, total };
    },
  );

  app.get(
    '/api/admin/personal-data/inventory',
    {
      schema: {
        tags,
        description:
          'Each category of personal data: how many people and records hold it, where it is stored, who may reveal it, how long it is kept.',
        response: { 200: inventoryResponse },
      },
      config: { roles: ROLES.superAdmin },
    },
    (req) => personalDataInventory(req.read('admin').db),
  );

  const organization = { roles: ROLES.organizationAdmin, organization: true } as const;
  // A correction or an erasure changes the staff record: it carries the version the person's record was read at.
  const staffRecord: VersionDeclaration = { target: 'staff', id: (req) => (req.params as { id: number }).id };

  app.get(
    '/api/admin/organization/personal-data/staff/:id/copy',
    {
      schema: {
        tags,
        description:
          "The person's copy of their data (個資法 §3) as an .xlsx workbook, unmasked: their fields and certificates. " +
          "The reason (who asked, how) is kept in the audit entry. Another organization's staff is a 404.",
        params: idParam,
        querystring: z.object({ reason: z.string().trim().min(1, 'validate.error.required').max(REQUEST_REASON_MAX) }),
      },
      config: organization,
    },
    async (req, reply) => {
      const { db, scope, config } = req.read('organization');
      const found = await staffWithCertificates(db, scope, req.params.id);
      if (!found) throw notFound();
      const ring = await keyRing(db, config);
      const unmasked = encryptedFields('staff').map((f) => f.field);
      await req.write('organization', (ctx) =>
        ctx.audit({ action: 'export_copy', target_type: 'staff', target_id: found.row.id, after: { reason: req.query.reason, unmasked } }),
      );
      const madeAt = new Date().toISOString();
      const opened = { ...found, row: { ...found.row, ...openedValues(ring, 'staff', found.row) } };
      return sendXlsx(reply, `personal-data-${found.row.id}-${madeAt.slice(0, 10)}.xlsx`, personalCopyWorkbook(req.log, opened, madeAt));
    },
  );

  app.put(
    '/api/admin/organization/personal-data/staff/:id/correction',
    {
      schema: {
        tags,
        description: "Corrects the person's fields they say are wrong (個資法 §11 ¶1), with the reason; audited as `correct`.",
        params: idParam,
        body: correctionBody,
        response: { 200: z.object({ staff_id: z.number(), changed: z.array(z.string()) }) },
      },
      config: { ...organization, errors: [409], version: staffRecord },
    },
    (req) => req.write('organization', (ctx) => personalRights(ctx).correct(req.params.id, req.body.changes, req.body.reason)),
  );

  app.post(
    '/api/admin/organization/personal-data/staff/:id/erasure',
    {
      schema: {
        tags,
        description:
          'Erases what the law lets go of now (個資法 §11 ¶3): the worker roster fields (勞動基準法 §7) stay while the person works here and ' +
          "for the company's period after leaving (answered in `kept` with the last day); past it the record is anonymised. Audited as `erase_on_request`.",
        params: idParam,
        body: erasureBody,
        response: { 200: erasureResponse },
      },
      config: { ...organization, version: staffRecord },
    },
    (req) => req.write('organization', (ctx) => personalRights(ctx).erase(req.params.id, req.body.reason)),
  );
}
