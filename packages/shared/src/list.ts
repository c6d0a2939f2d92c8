import { z } from 'zod';
import { VALIDATION_KEYS } from './messages.ts';
import { recordVersionsBody } from './versions.ts';

export const MAX_PAGE = 10_000_000;

/**
 * A whole number written in a path or query string: digits only. `z.coerce.number()` would also
 * read "0x1", "1e3", " 1", "+1" and "" (as 0), so one row could be named by many spellings.
 */
export const queryInt = z
  .string()
  .regex(/^\d{1,10}$/, VALIDATION_KEYS.invalid)
  .transform(Number);

/** Query of every `GET …/index` (ARCHITECTURE "Lists"); `sortable` is the allow-list of columns. */
export function listQuery<const S extends readonly [string, ...string[]], F extends z.ZodRawShape = Record<never, never>>(
  sortable: S,
  filters: F = {} as F,
) {
  return z.object({
    // Capped so page × per_page stays a 32-bit offset.
    page: queryInt.pipe(z.number().int().min(1).max(MAX_PAGE)).default(1),
    per_page: queryInt.pipe(z.number().int().min(1).max(100)).default(20),
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

/** Row ids are 32-bit integers in both databases; a larger one is a 400, never a 500 from PostgreSQL. */
export const MAX_ROW_ID = 2_147_483_647;
/** A row id in a JSON body. */
export const rowId = z.number().int().positive().max(MAX_ROW_ID);
/** A row id in a path or query string: digits only ("0x1", "1.0", "1e0" are 400). */
export const rowIdParam = queryInt.pipe(rowId);

/** JSON ids are numbers: `true`, `"1"` and `[[1]]` are 400. */
/** `versions`: the version each row was read at (issue 36, packages/shared/src/versions.ts). */
export const idsBody = z.object({ ids: z.array(rowId).min(1).max(500), versions: recordVersionsBody.optional() });
export const idParam = z.object({ id: rowIdParam });
/**
 * A list's new order (drag and drop): every row of one scope, first to last, with the values that name
 * the scope (a banner's `position`); `PUT …/order` on a resource that declares an order.
 */
export const orderBody = <S extends z.ZodRawShape = Record<never, never>>(scope: S = {} as S) => idsBody.extend(scope);
export const patchBody = z.object({ field: z.string(), value: z.unknown() });
export const batchPatchBody = idsBody.extend({ field: z.string(), value: z.unknown() });
