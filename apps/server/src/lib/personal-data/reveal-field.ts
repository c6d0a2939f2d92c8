import { notFound } from '../errors.ts';
import type { ReadContext } from '../context/request-context.ts';
import { personalField, type PersonalTable } from './categories.ts';
import { sealedValueOf } from './sealed-rows.repository.ts';
import { keyRing } from './vault.ts';

/**
 * The plain value of one encrypted field of one row in the context's scope (404 outside it; null
 * when none is stored). Only for a reveal on purpose: its caller checks the role, the fresh proof and
 * the reason, and logs the read (docs/personal-data.md).
 */
export async function decryptField(ctx: Pick<ReadContext, 'db' | 'scope' | 'config'>, table: PersonalTable, field: string, rowId: number) {
  const f = personalField(table, field);
  if (!f.encrypted) throw new Error(`${table}.${field} is not stored encrypted`);
  const sealed = await sealedValueOf(ctx.db, ctx.scope, f, rowId);
  if (sealed === undefined) throw notFound();
  return sealed === null ? null : (await keyRing(ctx.db, ctx.config)).open(table, field, rowId, sealed);
}
