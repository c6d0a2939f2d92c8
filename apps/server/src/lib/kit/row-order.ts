import type { z } from 'zod';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { badRequest, conflict } from '../errors.ts';
import type { RequestContext } from '../context/request-context.ts';
import type { ScopedTable } from './scoped-table.ts';
import type { TypedAuditEntry } from '../context/audit-targets.ts';

/**
 * A resource's stored order (`order` of a resource declaration): the table's rows fall into lists, one
 * per value of the `scope` columns (a banner's position; none: one list), each ordered by `column`.
 */
export interface OrderDeclaration {
  table: Pick<ScopedTable<{ id: number }>, 'orderOf' | 'update'>;
  /** The body fields naming one list, each the table column of that name (`{ position: z.enum(…) }`). */
  scope?: z.ZodRawShape;
  /** The order column (default `sort_order`). */
  column?: string;
}

/**
 * Stores one list's new order in the context's transaction. `ids` must be exactly the list's rows in the
 * context's scope: a row unknown, out of reach, of another list, or left out is 409 `ids:
 * validate.error.order_stale` (added, moved or deleted meanwhile: reload and drop again), a row twice 400,
 * and nothing is written. The n-th row's place becomes n × 10 (rows of equal places, which the
 * website orders by date, get places of their own); one audit entry holds both orders, none when no
 * place changed.
 */
export async function storeOrder(
  ctx: RequestContext,
  order: OrderDeclaration,
  where: Record<string, unknown>,
  ids: readonly number[],
  audit: Omit<TypedAuditEntry, 'before' | 'after'>,
): Promise<void> {
  if (new Set(ids).size !== ids.length) throw badRequest({ ids: [VALIDATION_KEYS.duplicateValue] });
  const column = order.column ?? 'sort_order';
  const current = await order.table.orderOf(ctx.db, ctx.scope, where, column);
  const place = new Map(current.map((r) => [r.id, r.place]));
  if (current.length !== ids.length || ids.some((id) => !place.has(id))) throw conflict({ ids: [VALIDATION_KEYS.orderStale] });
  const moved = ids.filter((id, i) => place.get(id) !== (i + 1) * 10);
  if (!moved.length) return;
  for (const [i, id] of ids.entries()) {
    if (place.get(id) !== (i + 1) * 10) await order.table.update(ctx.db, ctx.scope, id, { [column]: (i + 1) * 10 });
  }
  // Each row moved is changed (its place): its version goes up, so a reorder from a stale list is refused.
  // An entry naming its record (a product's instances) raises that record's version instead.
  const version_of =
    audit.target_id == null ? moved.map((id) => ({ target_type: audit.target_type, target_id: id, fields: [column] })) : undefined;
  await ctx.audit({ ...audit, before: { ids: current.map((r) => r.id) }, after: { ids }, version_of } as TypedAuditEntry);
}
