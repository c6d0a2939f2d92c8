import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { SignInChallengesTable } from '../../db/tables/two-factor.ts';

export async function insertChallenge(db: DbOrTrx, challenge: Insertable<SignInChallengesTable>): Promise<void> {
  await db.insertInto('sign_in_challenges').values(challenge).execute();
}

/** The challenge stored with this digest while it is unused and not expired at `now`. */
export async function openChallengeByDigest(db: DbOrTrx, tokenHash: string, now: string) {
  return db
    .selectFrom('sign_in_challenges')
    .select(['id', 'admin_id', 'mode', 'method', 'keep_login', 'pending_secret', 'user_agent', 'ip', 'fingerprint', 'tries'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function countWrongChallengeTry(db: DbOrTrx, id: number): Promise<void> {
  await db
    .updateTable('sign_in_challenges')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Uses the challenge up, once: false when another request did first. */
export async function useUpChallenge(db: DbOrTrx, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('sign_in_challenges')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
