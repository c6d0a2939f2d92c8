import { z } from 'zod';

/** Query of every `GET …/index` (ARCHITECTURE "Lists"); `sortable` is the allow-list of columns. */
export function listQuery<const S extends readonly [string, ...string[]], F extends z.ZodRawShape = {}>(
  sortable: S,
  filters: F = {} as F,
) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(20),
    sort: z.enum(sortable).default(sortable[0]),
    order: z.enum(['asc', 'desc']).default('desc'),
    keyword: z.string().trim().max(200).optional(),
    ...filters,
  });
}

export const listMeta = z.object({
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});

export function listResponse<T extends z.ZodTypeAny>(item: T) {
  return z.object({ data: z.array(item), meta: listMeta });
}

export const idsBody = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1).max(500) });
export const idParam = z.object({ id: z.coerce.number().int().positive() });
export const patchBody = z.object({ field: z.string(), value: z.unknown() });
export const batchPatchBody = idsBody.extend({ field: z.string(), value: z.unknown() });
