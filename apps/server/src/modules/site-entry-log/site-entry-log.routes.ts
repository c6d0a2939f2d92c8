import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam } from '@bo/shared/list';
import {
  ATTENDANCE_MAX_DAYS,
  attendanceQuery,
  entryListQuery,
  entryListResponse,
  onSiteSchema,
  overrideFeedQuery,
  overrideFeedResponse,
} from '@bo/shared/schemas/gate';
import { contentDisposition } from '../../lib/media/content-disposition.ts';
import { streamXlsx } from '../../lib/xlsx-stream.ts';
import { ATTENDANCE_COLUMNS } from './site-entry-log.attendance.ts';
import { attendanceRange, siteEntryLogReads } from './site-entry-log.service.ts';

const tags = ['site-gate'];
const base = '/api/admin/organization/sites';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Issue 39 point 4 (docs/site-gate.md): the entry log the site gate writes, read by site readers and
 * site directors: a site's entries, who is on it now, its attendance workbook, and the organization's
 * latest overrides for the compliance dashboard. A site of another organization is 404.
 */
export async function siteEntryLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { roles: ROLES.entryLog, organization: true } as const;

  app.get(
    `${base}/:id/entries`,
    {
      schema: {
        tags,
        description:
          "The site's entry log: every scan at its gate, let in or refused, with the verdict's reasons, who scanned on which " +
          'device and any override by the site director; filters `day` (Taipei), `verdict`, `overridden`, `staff_id`; `keyword` finds the worker by name.',
        params: idParam,
        querystring: entryListQuery,
        response: { 200: entryListResponse },
      },
      config,
    },
    async (req) => siteEntryLogReads(req.read('organization')).entries(req.params.id, req.query),
  );

  app.get(
    `${base}/:id/on-site`,
    {
      schema: {
        tags,
        description:
          "Who is on the site now: the workers whose latest admitted entry today (Taipei) is `in`, and today's counts " +
          '(scans; let in; refused and not let in; let in by the site director). Never cached.',
        params: idParam,
        response: { 200: onSiteSchema },
      },
      config,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return siteEntryLogReads(req.read('organization')).onSite(req.params.id);
    },
  );

  app.get(
    `${base}/:id/attendance.xlsx`,
    {
      schema: {
        tags,
        description:
          `The attendance workbook for the labour inspector: one row per day and worker who scanned, \`from\`..\`to\` inclusive ` +
          `(at most ${ATTENDANCE_MAX_DAYS} days, else 400 \`to: validate.error.invalid\`; \`to\` before \`from\` is 400 ` +
          '`to: validate.error.ends_before_starts`): first in, last out, entries, overridden, refused scans and why. ' +
          'Streamed, never cached; audited (export on the site).',
        params: idParam,
        querystring: attendanceQuery,
      },
      config,
    },
    async (req, reply) => {
      const reads = siteEntryLogReads(req.read('organization'));
      const site = await reads.site(req.params.id);
      const range = attendanceRange(req.query.from, req.query.to);
      await req.write('organization', (ctx) =>
        ctx.audit({
          action: 'export',
          target_type: 'site',
          target_id: site.id,
          target_label: site.name,
          after: { kind: 'attendance', from: range.from, to: range.to },
        }),
      );
      const body = streamXlsx(req.log, (book) => book.sheet('出工紀錄 Attendance', ATTENDANCE_COLUMNS, reads.attendance(site.id, range)));
      return reply
        .type(XLSX)
        .header('content-disposition', contentDisposition('attachment', `出工紀錄-${site.name}-${range.from}_${range.to}.xlsx`))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/api/admin/organization/compliance/overrides',
    {
      schema: {
        tags,
        description:
          "The organization's latest entries let in by the site director after a refusal, newest first, each with its site's name " +
          '(the dashboard card); `limit` at most 50. Never cached.',
        querystring: overrideFeedQuery,
        response: { 200: overrideFeedResponse },
      },
      config,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await siteEntryLogReads(req.read('organization')).overrides(req.query.limit) };
    },
  );
}
