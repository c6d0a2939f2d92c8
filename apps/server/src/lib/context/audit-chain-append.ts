import { chainHash } from '../../db/audit-chain-hash.ts';
import type { Trx } from '../../db/database.ts';
import type { AuditLogsTable } from '../../db/schema.ts';

/** An audit row as the context recorded it, before it is chained. */
export type UnchainedAuditRow = Omit<AuditLogsTable, 'id' | 'prev_hash' | 'hash'>;

/**
 * Appends a transaction's audit rows to the chain, as the last thing before it commits
 * (docs/audit-log.md "Ordering"). The first statement updates the head row, which takes its lock (a
 * row lock on PostgreSQL, the write lock on SQLite): a concurrent writer waits there until this
 * transaction commits or rolls back, then reads the head this one left. So the rows are inserted, and
 * get their ids, in chain order; nothing else is locked after it, so no writer can wait on another
 * that waits on it.
 */
export async function appendToAuditChain(trx: Trx, rows: readonly UnchainedAuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  const head = await trx
    .updateTable('audit_chain_head')
    .set((eb) => ({ entries: eb('entries', '+', rows.length) }))
    .where('id', '=', 1)
    .returning(['last_hash'])
    .executeTakeFirstOrThrow(() => new Error('audit_chain_head is missing: run the migrations'));
  let prev = head.last_hash;
  let lastId = 0;
  for (const row of rows) {
    const hash = chainHash(prev, row);
    const inserted = await trx
      .insertInto('audit_logs')
      .values({ ...row, prev_hash: prev, hash })
      .returning('id')
      .executeTakeFirstOrThrow();
    prev = hash;
    lastId = inserted.id;
  }
  await trx.updateTable('audit_chain_head').set({ last_id: lastId, last_hash: prev }).where('id', '=', 1).execute();
}
