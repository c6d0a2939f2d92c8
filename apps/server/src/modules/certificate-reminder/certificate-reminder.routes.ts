import { withVersion } from '@bo/shared/versions';
import { answerVersioned } from '../../lib/kit/versioned-read.ts';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayInTaipei } from '@bo/shared/dates';
import { ROLES } from '@bo/shared/permissions';
import {
  complianceResponse,
  reminderListQuery,
  reminderListResponse,
  reminderSettingsInput,
  reminderSettingsSchema,
} from '@bo/shared/schemas/certificate-reminder';
import { neutralizeFormula } from '../../lib/spreadsheet-cells.ts';
import type { ReadDb } from '../../db/database.ts';
import { reminderPage, reminderSettings, saveReminderSettings } from './certificate-reminder.repository.ts';
import { complianceByType, standingOf } from './certificate-standing.ts';

const reminderDays = async (db: ReadDb, organizationId: number) => (await reminderSettings(db, organizationId)).days;

/**
 * The active organization's certificate reminders (issue 13): its reminder window, the reminders the
 * daily job sent, and compliance by certificate type with its spreadsheet.
 */
export async function certificateReminderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificate-reminder'];
  const orgAdmin = { roles: ROLES.organizationAdmin, organization: true } as const;
  // Staff readers of the organization, and company-wide staff managers and super admins in every organization (issue 26).
  const staffReader = { roles: ROLES.staffList, organization: true, readsAcrossOrganizations: ROLES.staffAcrossOrganizations } as const;
  const lineConfigured = app.config.integrations.line.accessToken !== null;

  app.get(
    '/api/admin/certificate-reminder/settings',
    { schema: { tags, response: { 200: withVersion(reminderSettingsSchema) } }, config: orgAdmin },
    async (req, reply) => {
      const { db, organizationId } = req.read('organization');
      const settings = { ...(await reminderSettings(db, organizationId)), line_configured: lineConfigured };
      return answerVersioned(reply, db, 'organization', organizationId, settings);
    },
  );

  app.put(
    '/api/admin/certificate-reminder/settings',
    {
      schema: {
        tags,
        description:
          'How many days ahead the daily reminder looks for this organization (1–365), and a LINE group, room or user the digest is also ' +
          'pushed to (null: mail only). Audited on the organization.',
        body: reminderSettingsInput,
        response: { 200: reminderSettingsSchema },
      },
      // Settings of the organization, audited on it: the organization's version (issue 36).
      config: { ...orgAdmin, version: { target: 'organization', id: (r) => r.organizationId ?? 0 } },
    },
    (req) =>
      req.write('organization', async ({ trx, organizationId, audit }) => {
        const before = await reminderSettings(trx, organizationId);
        const after = {
          days: req.body.days,
          line_target: req.body.line_target === undefined ? before.line_target : req.body.line_target || null,
        };
        if (after.days !== before.days || after.line_target !== before.line_target) {
          await saveReminderSettings(trx, organizationId, after, new Date().toISOString());
          await audit({
            action: 'update',
            target_type: 'organization',
            target_id: organizationId,
            before: { certificate_reminder_days: before.days, certificate_reminder_line_target: before.line_target },
            after: { certificate_reminder_days: after.days, certificate_reminder_line_target: after.line_target },
          });
        }
        return { ...after, line_configured: lineConfigured };
      }),
  );

  app.get(
    '/api/admin/certificate-reminder/index',
    {
      schema: {
        tags,
        description: 'The reminders the daily job sent for this organization, newest first.',
        querystring: reminderListQuery,
        response: { 200: reminderListResponse },
      },
      config: orgAdmin,
    },
    async (req) => {
      const { db, organizationId } = req.read('organization');
      return reminderPage(db, organizationId, req.query);
    },
  );

  app.get(
    '/api/admin/certificate-reminder/compliance',
    {
      schema: {
        tags,
        description:
          "By certificate type, the active staff's standing today (Taipei): valid, expiring within the reminder days, expired, missing. " +
          'A renewed certificate supersedes the older ones of its type.',
        response: { 200: complianceResponse },
      },
      config: staffReader,
    },
    async (req) => {
      const { db, organizationId } = req.read('organization');
      const today = todayInTaipei();
      const days = await reminderDays(db, organizationId);
      const { staff_total, data } = await complianceByType(db, organizationId, today, days);
      return { as_of: today, days, staff_total, data };
    },
  );

  app.get(
    '/api/admin/certificate-reminder/compliance/export',
    {
      schema: { tags, description: 'The compliance summary and every counted certificate as an .xlsx workbook, streamed.' },
      config: staffReader,
    },
    async (req, reply) => {
      const { db, organizationId } = req.read('organization');
      const today = todayInTaipei();
      const days = await reminderDays(db, organizationId);
      const { data, held } = await complianceByType(db, organizationId, today, days);
      const out = new PassThrough();
      void (async () => {
        const { default: ExcelJS } = await import('exceljs');
        const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
        const summary = wb.addWorksheet('依證照類別 By type');
        summary.columns = [
          { header: '證照類別 Certificate type', width: 28 },
          { header: '有效 Valid', width: 12 },
          { header: `${days} 天內到期 Expiring`, width: 18 },
          { header: '已過期 Expired', width: 14 },
          { header: '未持有 Missing', width: 14 },
        ];
        for (const r of data) summary.addRow([neutralizeFormula(r.name), r.valid, r.expiring, r.expired, r.missing]).commit();
        summary.commit();
        const detail = wb.addWorksheet('證照明細 Certificates');
        detail.columns = [
          { header: '人員 Staff', width: 20 },
          { header: '證照類別 Certificate type', width: 28 },
          { header: '到期日 Expires', width: 14 },
          { header: '狀態 Standing', width: 12 },
        ];
        for (const c of held) {
          detail
            .addRow([
              neutralizeFormula(c.staff_name),
              neutralizeFormula(c.certificate_type),
              c.expires_at,
              standingOf(c.expires_at, today, days),
            ])
            .commit();
          if (out.writableNeedDrain) await once(out, 'drain');
        }
        detail.commit();
        await wb.commit();
      })().catch((err) => {
        req.log.error({ err }, 'compliance export failed');
        out.destroy(err);
      });
      reply.header('content-disposition', `attachment; filename="certificate-compliance-${today}.xlsx"`);
      reply.header('cache-control', 'no-store');
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(out);
    },
  );
}
