import { encryptedFields, type PersonalTable } from './categories.ts';
import type { PrincipalContexts } from '../context/request-context.ts';
import type { SystemPrincipal } from '../context/principals.ts';
import { keyEncryptionKey } from './key-encryption-key.ts';
import { sealedColumns } from './sealed-columns.ts';
import { foldSqliteLog, plainRows, updateRow } from './sealed-rows.repository.ts';
import { writableKeyRing } from './vault.ts';

const BATCH = 200;
/** The system principal's name in the audit trail and logs. */
export const PERSONAL_DATA_JOB = 'personal-data';
/** Tables that held personal data in plain columns before migration 0100 (later tables are sealed from their first row). */
const LEGACY_PLAIN_TABLES: readonly PersonalTable[] = ['staff'];

/**
 * (On PostgreSQL the cleared values' old row versions stay in the table's free space until it is
 * reused; `VACUUM FULL staff` in a quiet hour rewrites it: docs/personal-data.md.)
 *
 * At start-up: the key-encryption key (its file made on the first start), the data and index keys,
 * and the second step of migration 0100: rows still holding a plain national id or blood type are
 * sealed and their plain columns cleared, a short transaction per batch. Answers how many rows.
 */
export async function preparePersonalData(system: PrincipalContexts<SystemPrincipal>): Promise<number> {
  const { config } = system.read();
  keyEncryptionKey(config);
  const makeKeys = () => system.inTransaction(async (ctx) => void (await writableKeyRing(ctx.trx, ctx.config)));
  // Two instances starting at once on one database both make the keys; one index key may exist, so the
  // later one is refused by the unique index and then finds the keys the other made.
  await makeKeys().catch(makeKeys);
  let done = 0;
  for (const table of LEGACY_PLAIN_TABLES) {
    const fields = encryptedFields(table);
    for (;;) {
      const n = await system.inTransaction(async (ctx) => {
        const ring = await writableKeyRing(ctx.trx, ctx.config);
        const rows = await plainRows(ctx.trx, table, fields, BATCH);
        for (const r of rows) {
          const plain = Object.fromEntries(fields.map((f) => [f.field, r[f.field] ?? null]));
          const cleared = Object.fromEntries(fields.map((f) => [f.field, null]));
          await updateRow(ctx.trx, table, r.id, { ...sealedColumns(ring, table, r.id, plain), ...cleared });
        }
        return rows.length;
      });
      done += n;
      if (n < BATCH) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (done) await foldSqliteLog(system.read().db);
  return done;
}
