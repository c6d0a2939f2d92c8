import type { AdminReadContext, RequestContext } from '../context/request-context.ts';
import type { ResourceReads, ResourceWrites } from './resource-routes.ts';
import type { ScopedTable } from './scoped-table.ts';

/**
 * The reads and writes of a plain resource (`...plainService(table)` in its declaration): its input's
 * fields are its columns, a PATCH sets one column, and a delete removes the rows. Resources with rules
 * of their own write their reads and service instead.
 */
export function plainService<View extends { id: number }, Input extends object, Query>(
  table: ScopedTable<View>,
  columns: (input: Input) => Record<string, unknown> = (input) => ({ ...input }) as Record<string, unknown>,
) {
  return {
    reads: ({ db, scope }: AdminReadContext): ResourceReads<View, Query> => ({
      list: (query) => table.list(db, scope, query as never),
      find: (ids) => table.find(db, scope, ids),
    }),
    service: ({ db, scope }: RequestContext): ResourceWrites<View, Input> => ({
      create: (input) => table.create(db, scope, columns(input)),
      async update(before, input) {
        await table.update(db, scope, before.id, columns(input));
        return table.findOr404(db, scope, before.id);
      },
      async patch(before, change) {
        await table.update(db, scope, before.id, { [change.field]: change.value ?? null });
        return table.findOr404(db, scope, before.id);
      },
      remove: (rows) =>
        table.remove(
          db,
          scope,
          rows.map((r) => r.id),
        ),
    }),
  };
}
