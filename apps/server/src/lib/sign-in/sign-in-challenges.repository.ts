import type { Insertable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { SignInChallengesTable } from '../../db/tables/two-factor.ts';

export async function insertChallenge(db: Trx, challenge: Insertable<SignInChallengesTable>): Promise<void> {
  await db.insertInto('sign_in_challenges').values(challenge).execute();
}

/** The challenge stored with this digest while it is unused and not expired at `now`. */
export async function openChallengeByDigest(db: ReadDb, tokenHash: string, now: string) {
  return db
    .selectFrom('sign_in_challenges')
    .select(['id', 'admin_id', 'mode', 'method', 'keep_login', 'pending_secret', 'user_agent', 'ip', 'fingerprint', 'tries'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Takes one try of the challenge, in one statement, while it is unused and has tries left: false when
 * none is left. Counted before the code is checked, so parallel guesses never check more than the
 * allowed number (the row lock makes PostgreSQL re-read `tries` for each).
 */
export async function takeChallengeTry(db: Trx, id: number, maxTries: number): Promise<boolean> {
  const r = await db
    .updateTable('sign_in_challenges')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('tries', '<', maxTries)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Uses the challenge up, once: false when another request did first. */
export async function useUpChallenge(db: Trx, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('sign_in_challenges')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
