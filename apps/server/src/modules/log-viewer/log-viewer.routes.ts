import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import { logDownloadQuery, logEntriesQuery, logEntriesResponse, logFilesResponse } from '@bo/shared/schemas/operations';
import { notFound } from '../../lib/errors.ts';
import { readBackwards, readForward } from '../../lib/logs/read-log.ts';
import { listLogFiles } from '../../lib/logs/rotating-log.ts';

/**
 * The log viewer's API (issue 13, part 3), maintainers only (spec section 2: the Debug group): the
 * server's log files (LOG_DIR), entries newest first with search and a level filter, newer entries
 * for "follow live", and a file's download, streamed. File names are checked against the pattern the
 * server writes, so no other path is reachable.
 */
export async function logViewerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['debug'];
  const config = { roles: ROLES.debugMenu, errors: [404] as const };
  const dir = app.config.logFiles.dir;
  const fileOf = (name: string) => {
    const path = dir ? join(dir, name) : null;
    if (!path || !existsSync(path)) throw notFound();
    return path;
  };

  app.get(
    '/api/admin/debug/logs',
    { schema: { tags, description: 'The log files, newest first.', response: { 200: logFilesResponse } }, config },
    async () => ({ data: dir ? listLogFiles(dir) : [] }),
  );

  app.get(
    '/api/admin/debug/logs/entries',
    {
      schema: {
        tags,
        description:
          'Entries of a log file: newest first (`before` pages to older ones), or with `after` the entries written since (follow live, ' +
          'oldest first). `q` searches the line, `level` keeps this level and above. Secrets were redacted when the lines were written.',
        querystring: logEntriesQuery,
        response: { 200: logEntriesResponse },
      },
      config,
    },
    async (req) => {
      const { file, q, level, before, after, limit } = req.query;
      const path = fileOf(file);
      if (after !== undefined) {
        const r = await readForward(path, { after, limit, q, level });
        return { data: r.entries, next_before: null, next_after: r.next_after };
      }
      const r = await readBackwards(path, { before, limit, q, level });
      return { data: r.entries, next_before: r.next_before, next_after: r.size };
    },
  );

  app.get(
    '/api/admin/debug/logs/download',
    { schema: { tags, description: 'One log file, streamed.', querystring: logDownloadQuery }, config },
    async (req, reply) => {
      const path = fileOf(req.query.file);
      reply.header('content-disposition', `attachment; filename="${req.query.file}"`);
      reply.header('cache-control', 'no-store');
      reply.type('text/plain; charset=utf-8');
      return reply.send(createReadStream(path));
    },
  );
}
