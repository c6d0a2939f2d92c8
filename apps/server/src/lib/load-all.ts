import { notFound } from './errors.ts';

/**
 * All of `ids` (duplicates collapsed, in the order asked) or 404: a row that is missing or outside
 * the caller's reach (another organization's) does not exist for it, and refuses the whole batch.
 * `load` answers the rows it finds among the unique ids, already scoped.
 */
export async function loadAllOr404<T extends { id: number }>(
  ids: readonly number[],
  load: (unique: number[]) => Promise<T[]>,
): Promise<T[]> {
  const unique = [...new Set(ids)];
  const rows = unique.length ? await load(unique) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (unique.some((id) => !byId.has(id))) throw notFound();
  return unique.map((id) => byId.get(id)!);
}
