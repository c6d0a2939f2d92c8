import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayInTaipei } from '@bo/shared/dates';
import { ROLES } from '@bo/shared/permissions';
import {
  complianceExportQuery,
  complianceItemsAcrossQuery,
  complianceItemsQuery,
  complianceItemsResponse,
  complianceSummaryAcrossQuery,
  complianceSummaryQuery,
  complianceSummarySchema,
} from '@bo/shared/schemas/compliance-dashboard';
import { allOrganizations, inOrganization } from '../../lib/context/scope.ts';
import { contentDisposition } from '../../lib/media/content-disposition.ts';
import { sendXlsx, streamXlsx } from '../../lib/xlsx-stream.ts';
import { renderPoolOf } from '../staff-excel/staff-excel.pool.ts';
import { workerBatches, type DueItemFilter } from './compliance-dashboard.repository.ts';
import { checkFilterRows, complianceSummary, complianceWorkers } from './compliance-dashboard.service.ts';
import { EXPORT_COLUMNS, exportRows, templateExportInput } from './compliance-export.ts';
import { cachedAnswer } from './dashboard-cache.ts';

const tags = ['compliance'];
const filterOf = (q: DueItemFilter): DueItemFilter => ({
  site_id: q.site_id,
  contractor_id: q.contractor_id,
  rule_key: q.rule_key,
  status: q.status,
  keyword: q.keyword || undefined,
});

/**
 * Issue 38 part 5: the compliance dashboards over the computed due items (docs/compliance.md): counts
 * by status, site and rule, the workers with what each lacks, its workbook, and the same across
 * organizations for the company-wide safety officer.
 */
export async function complianceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = renderPoolOf(fastify);
  const staffReader = { roles: ROLES.staffRead, organization: true } as const;
  const across = { roles: ROLES.staffAcrossOrganizations, organizationIdIsFilter: true } as const;
  const base = '/api/admin/organization/compliance';

  app.get(
    `${base}/summary`,
    {
      schema: {
        tags,
        description: "Counts of the organization's due items by status (read against today in Taipei), by site and by rule.",
        querystring: complianceSummaryQuery,
        response: { 200: complianceSummarySchema },
      },
      config: staffReader,
    },
    async (req) => {
      const { db, scope } = req.read('organization');
      const [f, today] = [filterOf(req.query), todayInTaipei()];
      return cachedAnswer(fastify, db, scope, ['summary', f, today], () => complianceSummary(db, scope, f, today));
    },
  );

  app.get(
    `${base}/items`,
    {
      schema: {
        tags,
        description:
          'One row per worker on a site with what the worker lacks (items not ok; with `status`, the items of that status), worst first. ' +
          'The keyword finds names, never national IDs.',
        querystring: complianceItemsQuery,
        response: { 200: complianceItemsResponse },
      },
      config: staffReader,
    },
    async (req) => {
      const { db, scope } = req.read('organization');
      const { page, per_page, sort, order } = req.query;
      const [f, today, paging] = [filterOf(req.query), todayInTaipei(), { page, per_page, sort, order }];
      return cachedAnswer(fastify, db, scope, ['items', f, today, paging], () => complianceWorkers(db, scope, f, today, paging));
    },
  );

  app.get(
    `${base}/export`,
    {
      schema: {
        tags,
        description:
          'The workers list with the same filters as an .xlsx workbook (one line per item), streamed; with `template_id`, ' +
          'that staff spreadsheet template of the organization filled through its compliance cells (at most 10,000 lines).',
        querystring: complianceExportQuery,
      },
      config: staffReader,
    },
    async (req, reply) => {
      const { db, scope } = req.read('organization');
      const today = todayInTaipei();
      const f = filterOf(req.query);
      await checkFilterRows(db, scope, f);
      const lines = () => exportRows(db, scope, workerBatches(db, scope, f, today, req.query.sort, req.query.order));
      if (req.query.template_id !== undefined) {
        const { name, input } = await templateExportInput(db, scope, app.storage, req.query.template_id, lines());
        const bytes = await pool.render(input);
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', contentDisposition('attachment', `${name}-${today}.xlsx`))
          .header('cache-control', 'private, no-store')
          .send(bytes);
      }
      const body = streamXlsx(req.log, (book) => book.sheet('法規遵循 Compliance', EXPORT_COLUMNS, lines()));
      return sendXlsx(reply, `compliance-${today}.xlsx`, body);
    },
  );

  app.get(
    '/api/admin/compliance/summary',
    {
      schema: {
        tags,
        description: 'The summary across organizations (company-wide safety officers and super admins); `organization_id` filters.',
        querystring: complianceSummaryAcrossQuery,
        response: { 200: complianceSummarySchema },
      },
      config: across,
    },
    async (req) => {
      const { db } = req.read('admin');
      const { organization_id } = req.query;
      const scope = organization_id ? inOrganization(organization_id) : allOrganizations;
      const [f, today] = [filterOf(req.query), todayInTaipei()];
      return cachedAnswer(fastify, db, scope, ['summary-across', f, today], () => complianceSummary(db, scope, f, today, true));
    },
  );

  app.get(
    '/api/admin/compliance/items',
    {
      schema: {
        tags,
        description: 'The workers list across organizations, each row with its organization; `organization_id` filters.',
        querystring: complianceItemsAcrossQuery,
        response: { 200: complianceItemsResponse },
      },
      config: across,
    },
    async (req) => {
      const { db } = req.read('admin');
      const { organization_id, page, per_page, sort, order } = req.query;
      const scope = organization_id ? inOrganization(organization_id) : allOrganizations;
      const [f, today, paging] = [filterOf(req.query), todayInTaipei(), { page, per_page, sort, order }];
      return cachedAnswer(fastify, db, scope, ['items-across', f, today, paging], () =>
        complianceWorkers(db, scope, f, today, paging, true),
      );
    },
  );
}
