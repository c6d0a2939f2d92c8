import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import { auditLogExportQuery } from '@bo/shared/schemas/audit-log';
import { auditLogCsv, auditLogXlsx, exportFileName, AUDIT_LOG_EXPORT_MAX_ROWS } from './audit-log.export.ts';

/** The audit log export, streamed (the index and single reads are declared in audit-log.module.ts). */
export async function auditLogExportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/audit-log/export',
    {
      schema: {
        tags: ['audit-log'],
        querystring: auditLogExportQuery,
        description: `The filtered entries as a spreadsheet, at most ${AUDIT_LOG_EXPORT_MAX_ROWS} rows, in id order.`,
      },
      config: { roles: ROLES.superAdmin, organizationIdIsFilter: true },
    },
    async (req, reply) => {
      const { format, order, ...filters } = req.query;
      const source = { db: req.read('admin').db, filters, order, log: req.log };
      const name = exportFileName(format);
      reply.header('content-disposition', `attachment; filename="${name}"`);
      reply.header('x-export-row-limit', String(AUDIT_LOG_EXPORT_MAX_ROWS));
      reply.header('cache-control', 'no-store');
      if (format === 'csv') {
        reply.type('text/csv; charset=utf-8');
        return reply.send(auditLogCsv(source));
      }
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(auditLogXlsx(source));
    },
  );
}
