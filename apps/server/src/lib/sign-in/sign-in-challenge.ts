import type { TwoFactorStep } from '@bo/shared/schemas/account';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { SignInChallengesTable } from '../../db/tables/two-factor.ts';
import type { TriedRecord } from '../identity/code-tries.ts';
import { digestSecret, randomToken } from '../identity/secret-digest.ts';
import { TWO_FACTOR_RULES, twoFactorEnabled, twoFactorRequired } from '../identity/two-factor.ts';
import type { ProvenAdmin } from './proven-account.ts';
import { insertChallenge, openChallengeByDigest, takeChallengeTry, useUpChallenge } from './sign-in-challenges.repository.ts';
import type { SecondFactorGate } from './sign-in.ts';
import type { SignInClient } from './sign-in-client.ts';

const USE = 'sign_in_challenge';

/**
 * Two-factor's gate in the sign-in pipeline: an admin with an authenticator app gets a `verify`
 * challenge, an admin the policy asks two-factor of and who has none gets a `setup` one; any other
 * admin gets its session at once. No token exists until the second step passes.
 */
export const adminSecondFactor =
  (serverSecret: string): SecondFactorGate<ProvenAdmin> =>
  async (trx, { principal, client, keepLogin, method }) => {
    const mode = (await twoFactorEnabled(trx, principal.id)) ? 'verify' : (await twoFactorRequired(trx, principal.id)) ? 'setup' : null;
    if (mode === null) return null;
    return openChallenge(trx, serverSecret, { adminId: principal.id, client, keepLogin, method, mode });
  };

async function openChallenge(
  trx: Trx,
  serverSecret: string,
  c: { adminId: number; client: SignInClient; keepLogin: boolean; method: string; mode: TwoFactorStep['mode'] },
): Promise<TwoFactorStep> {
  const token = randomToken();
  const now = Date.now();
  await insertChallenge(trx, {
    token_hash: digestSecret(serverSecret, USE, token),
    admin_id: c.adminId,
    mode: c.mode,
    method: c.method,
    fingerprint: c.client.fingerprint,
    ip: c.client.ip,
    user_agent: c.client.userAgent,
    keep_login: c.keepLogin ? 1 : 0,
    pending_secret: null,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + TWO_FACTOR_RULES.challengeSeconds * 1000).toISOString(),
    used_at: null,
  });
  return { challenge: token, mode: c.mode, expires_in: TWO_FACTOR_RULES.challengeSeconds };
}

export type OpenChallenge = Pick<
  SignInChallengesTable,
  'admin_id' | 'mode' | 'method' | 'keep_login' | 'pending_secret' | 'user_agent' | 'ip' | 'fingerprint'
> & { id: number; tries: number };

/**
 * The challenge `token` names, while it lasts: not used, not expired, fewer than the allowed wrong
 * tries, and from the browser (X-Fingerprint) that passed the first factor. Null otherwise.
 */
export async function findChallenge(db: ReadDb, serverSecret: string, token: string, fingerprint: string): Promise<OpenChallenge | null> {
  const row = await openChallengeByDigest(db, digestSecret(serverSecret, USE, token), new Date().toISOString());
  if (!row || row.fingerprint !== fingerprint || row.tries >= TWO_FACTOR_RULES.challengeTries) return null;
  return row;
}

/**
 * The challenge as the record its second factor is tried against (lib/identity/code-tries.ts): each
 * code checked takes a try of it, the last one ends it, and the right one uses it up. `matches` says
 * whether the typed second factor is right.
 */
export const challengeTries = (id: number, matches: TriedRecord['matches']): TriedRecord => ({
  takeTry: (trx) => takeChallengeTry(trx, id, TWO_FACTOR_RULES.challengeTries),
  matches,
  useUp: (trx) => useUpChallenge(trx, id, new Date().toISOString()),
});
