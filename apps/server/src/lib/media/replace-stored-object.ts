import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../context/request-context.ts';
import { storeThenRecord, type ObjectToStore } from '../uploads/store-then-record.ts';

/** Runs a function in the request's transaction: `req.write('organization', fn)` or `req.write('admin', fn)`. */
export type InTransaction<C extends RequestContext> = <R>(fn: (ctx: C) => Promise<R>) => Promise<R>;

/**
 * Points a row's stored-object column at a new object, or at none (`object` null). The new object is
 * stored before the transaction and removed again when the transaction fails. `swap` runs in the
 * transaction: it loads the row (404 when out of reach), writes the new key (null clears it), audits
 * and hands the key the row held to `ctx.dropAfterCommit`, so the old object goes only once the
 * change has committed.
 */
export async function replaceStoredObject<C extends RequestContext, T>(
  req: FastifyRequest,
  inTransaction: InTransaction<C>,
  object: ObjectToStore | null,
  swap: (ctx: C, key: string | null) => Promise<T>,
): Promise<T> {
  const run = () => inTransaction((ctx) => swap(ctx, object?.key ?? null));
  return object ? storeThenRecord(req.server.storage, req.log, [object], run) : run();
}
