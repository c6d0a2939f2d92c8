import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@bo/shared/list';
import { MESSAGES } from '@bo/shared/messages';
import { ROLES } from '@bo/shared/permissions';
import { AppError, notFound } from '../../lib/errors.ts';
import { auditLogCsv, auditLogXlsx, exportFileName, AUDIT_LOG_EXPORT_MAX_ROWS } from './audit-log.export.ts';
import { findAuditLog, listAuditLogs } from './audit-log.repository.ts';
import { auditLogExportQuery, auditLogItem, auditLogList, auditLogQuery } from '@bo/shared/schemas/audit-log';

const base = '/api/admin/audit-log';

/** Audit entries are append-only (ARCHITECTURE "Where the spec meets safety"). */
const appendOnly = () => new AppError(405, MESSAGES.methodNotAllowed, undefined, { allow: 'GET' });

export async function auditLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit-log'];
  const config = { roles: ROLES.superAdmin };
  const filterConfig = { ...config, organizationIdIsFilter: true };

  app.get(`${base}/index`, {
    schema: { tags, querystring: auditLogQuery, response: { 200: auditLogList } },
    config: filterConfig,
  }, (req) => listAuditLogs(app.db, app.dialect, req.query));

  app.get(`${base}/export`, {
    schema: {
      tags, querystring: auditLogExportQuery,
      description: `The filtered entries as a spreadsheet, at most ${AUDIT_LOG_EXPORT_MAX_ROWS} rows, in id order.`,
    },
    config: filterConfig,
  }, async (req, reply) => {
    const { format, order, ...filters } = req.query;
    const source = { db: app.db, dialect: app.dialect, filters, order, log: req.log };
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
  });

  app.get(`${base}/:id`, {
    schema: { tags, params: idParam, response: { 200: auditLogItem } },
    config,
  }, async (req) => (await findAuditLog(app.db, req.params.id)) ?? Promise.reject(notFound()));

  // Spec section 7 lists create, update, patch, batch patch, delete and batch delete: registered so
  // the client gets a clear answer, always refused.
  const refused = { schema: { tags, description: 'Always 405: audit entries are append-only.' }, config };
  const refuse = async () => { throw appendOnly(); };
  app.post(base, refused, refuse);
  app.patch(`${base}/batch`, refused, refuse);
  app.delete(`${base}/batch`, refused, refuse);
  app.put(`${base}/:id`, refused, refuse);
  app.patch(`${base}/:id`, refused, refuse);
  app.delete(`${base}/:id`, refused, refuse);
}
