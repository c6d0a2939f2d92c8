import { OAUTH_KEYS } from '@bo/shared/schemas/account';
import { MEMBER_KEYS } from '@bo/shared/schemas/member';
import { MESSAGES } from '@bo/shared/messages';
import type { Trx } from '../../db/database.ts';
import { AppError, badRequest, loginFail } from '../errors.ts';
import type { ProvenAccount } from './proven-account.ts';

/** Why a strategy refused the credentials. */
/**
 * `not_confirmed`: a member whose sign-up e-mail is not confirmed, told only once the secret was right.
 * `other_browser`: a provider's return in a browser other than the one that started the flow (lib/oauth/flows.ts).
 */
export type SignInFailure = 'unknown_account' | 'wrong_secret' | 'disabled' | 'not_confirmed' | 'other_browser';

/**
 * One answer whatever went wrong (spec: `Login fail`, 401): a caller learns nothing about which
 * accounts exist or are disabled. A new failure must be mapped here before a strategy can answer it.
 */
const FAILURE_ERRORS: Record<SignInFailure, () => AppError> = {
  unknown_account: loginFail,
  wrong_secret: loginFail,
  disabled: loginFail,
  not_confirmed: () => new AppError(403, MESSAGES.permissionDenied, { email: [MEMBER_KEYS.emailNotConfirmed] }),
  // Says nothing about any account: only that this browser did not start the flow.
  other_browser: () => badRequest({ state: [OAUTH_KEYS.otherBrowser] }),
};

export const failureError = (failure: SignInFailure): AppError => FAILURE_ERRORS[failure]();

/** What a strategy finds before it checks the secret: whom the attempt aims at. */
export interface Claim<P extends ProvenAccount> {
  /**
   * What the attempt limiter counts by: the account as the client named it (an e-mail, lower-cased),
   * so attempts at an unknown account are limited like the others.
   */
  account: string;
  /** The account named, when it exists: the target of a failure's audit entry, and whose known browsers count apart. */
  principal: P | null;
  /** What the failure's audit entry records of the attempt; never the secret. */
  attempted: Record<string, unknown>;
}

export type Verdict<P extends ProvenAccount> = { ok: true; principal: P } | { ok: false; failure: SignInFailure };

/**
 * One way to sign in (password; e-mail code, Google, Facebook, LINE to come): it answers which
 * principal the credentials prove, or why they do not. `claim` runs before the attempt limiter and
 * reCAPTCHA and must not check the secret; `verify` checks it, outside any transaction (a password's
 * hash, a provider's answer). A secret the sign-in uses up (an e-mail code) is checked by `spend`
 * instead, in the transaction that opens the session. A strategy carries what `claim` found to
 * `verify` and `spend` in its own claim type `K` (a password hash, the account found).
 */
export interface CredentialStrategy<C, P extends ProvenAccount, K extends Claim<P> = Claim<P>> {
  /** Whom this strategy signs in: the target type of a failure's audit entry. */
  principalType: P['type'];
  /** The method as audit entries and a two-factor challenge name it: password, email_code, google… */
  methodOf(credentials: C): string;
  claim(credentials: C): Promise<K>;
  verify(credentials: C, claim: K): Promise<Verdict<P>>;
  /**
   * Once `verify` passed: checks and uses up a secret in the sign-in's transaction (lib/identity/
   * code-tries.ts). A refusal commits with its audit entry, so a wrong try counts; a session that
   * fails to open rolls the use back, and the secret still works.
   */
  spend?(trx: Trx, credentials: C, claim: K): Promise<Verdict<P>>;
}
