import type { Trx } from '../../db/database.ts';
import type { AppError } from '../errors.ts';

/**
 * What a typed code is checked against, in the caller's transaction: a mailed code (one-time-codes.ts)
 * or a sign-in's two-factor challenge (lib/sign-in/sign-in-challenge.ts).
 */
export interface TriedRecord {
  /** Takes one try, in one statement, while tries are left: false when none is, or the record is used or gone. */
  takeTry(trx: Trx): Promise<boolean>;
  /** Whether the typed code is the record's (it may use up a secret of its own on the way: a recovery code). */
  matches(trx: Trx): boolean | Promise<boolean>;
  /** Uses the record up, once: false when another request did first. */
  useUp(trx: Trx): Promise<boolean>;
}

/** 'exhausted': no try was left; 'none': another request used the record first. */
export type TryResult = 'ok' | 'wrong' | 'exhausted' | 'none';

/**
 * One rule for every code a person types (sign-in code, e-mail change, verify identity, the second
 * factor): the try is taken before the comparison, so parallel guesses compare at most the record's
 * allowed number, and the right code uses the record up. All of it is written in the caller's
 * transaction, the one that does what the code allows (opens the session, changes the e-mail): on
 * 'wrong' the caller returns `refused(…)`, so the transaction commits the try, and `afterCommit`
 * answers the refusal; anything failing later rolls the try and the use back, and the code still works.
 */
export async function tryCode(trx: Trx, record: TriedRecord): Promise<TryResult> {
  if (!(await record.takeTry(trx))) return 'exhausted';
  if (!(await record.matches(trx))) return 'wrong';
  return (await record.useUp(trx)) ? 'ok' : 'none';
}

/** A transaction's answer to a refused try: returned, so what the transaction wrote (the try) commits. */
export class Refused {
  constructor(readonly error: AppError) {}
}

export const refused = (error: AppError): Refused => new Refused(error);

/** The transaction's answer once it has committed: a refusal it returned is thrown now. */
export async function afterCommit<T>(committed: Promise<T | Refused>): Promise<T> {
  const answer = await committed;
  if (answer instanceof Refused) throw answer.error;
  return answer;
}
