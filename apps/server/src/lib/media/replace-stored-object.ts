import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../kit/request-context.ts';
import { storeThenRecord, type ObjectToStore } from '../uploads/store-then-record.ts';

/** Runs a function in the request's transaction: `req.inOrganization` or `req.inTransaction`. */
export type InTransaction<C extends RequestContext> = <R>(fn: (ctx: C) => Promise<R>) => Promise<R>;

/**
 * Points a row's stored-object column at a new object, or at none (`object` null), and lets the
 * object it pointed at go. The new object is stored before the transaction and removed again when
 * the transaction fails; the old one is deleted only once the transaction has committed.
 * `swap` loads the row (404 when out of reach), writes the new key, audits and answers the key
 * the row held before with the route's answer.
 */
export async function replaceStoredObject<C extends RequestContext, T>(
  req: FastifyRequest,
  inTransaction: InTransaction<C>,
  object: ObjectToStore | null,
  swap: (ctx: C, key: string | null) => Promise<{ previous: string | null | undefined; result: T }>,
): Promise<T> {
  const run = () => inTransaction(async (ctx) => {
    const { previous, result } = await swap(ctx, object?.key ?? null);
    if (previous && previous !== object?.key) ctx.dropAfterCommit([previous]);
    return result;
  });
  return object ? storeThenRecord(req.server.storage, req.log, [object], run) : run();
}
