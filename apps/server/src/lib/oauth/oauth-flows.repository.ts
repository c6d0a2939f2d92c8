import type { Insertable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { OAuthFlowsTable } from '../../db/tables/oauth.ts';

export async function deleteFlowsExpiredBefore(db: Trx, at: string): Promise<void> {
  await db.deleteFrom('oauth_flows').where('expires_at', '<', at).execute();
}

export async function insertFlow(db: Trx, flow: Insertable<OAuthFlowsTable>): Promise<void> {
  await db.insertInto('oauth_flows').values(flow).execute();
}

export async function flowByStateHash(db: ReadDb, stateHash: string) {
  return db
    .selectFrom('oauth_flows')
    .select(['id', 'provider', 'purpose', 'admin_id', 'secrets', 'expires_at', 'used_at'])
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
}

/** Marks the flow used, once: false when another request used it first. */
export async function useUpFlow(db: Trx, id: number, at: string): Promise<boolean> {
  const used = await db
    .updateTable('oauth_flows')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
