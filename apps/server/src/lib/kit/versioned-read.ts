import type { FastifyReply } from 'fastify';
import type { ReadDb } from '../../db/database.ts';
import type { AuditTarget } from '../context/audit-targets.ts';
import { recordVersion } from '../context/record-versions.ts';

/**
 * A hand-written read that feeds a form (issue 36): the view with `version`, and `ETag: "<version>"`,
 * the version its save sends back in `If-Match`. The kit's single read answers the same.
 */
export async function answerVersioned<V extends object>(
  reply: FastifyReply,
  db: ReadDb,
  target: AuditTarget,
  id: string | number,
  view: V,
): Promise<V & { version: number }> {
  const { version } = await recordVersion(db, target, id);
  reply.header('etag', `"${version}"`);
  return { ...view, version };
}
