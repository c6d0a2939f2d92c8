import type { ReadDb, Trx } from '../../db/database.ts';
import type { CodePurpose } from '../../db/tables/one-time-codes.ts';
import { badRequest } from '../errors.ts';
import { CODE_RULES, oneTimeCodes } from './one-time-codes.ts';
import { openCodeOfOwner, retireOpenCodesOfOwner, type CodeOwner } from './one-time-codes.repository.ts';

/** Issue 26: the code mailed to the new address holds 30 minutes (a new mailbox may be slow to check). */
export const EMAIL_CHANGE_TTL_SECONDS = 30 * 60;

export const EMAIL_CHANGE_KEYS = {
  /** No change pending, or its code is wrong, used, replaced, expired or out of tries. */
  invalid: 'validate.error.email_change_invalid',
  /** The new address is the account's current one. */
  same: 'validate.error.email_unchanged',
} as const;

export const emailChangeInvalid = () => badRequest({ code: [EMAIL_CHANGE_KEYS.invalid] });

export interface PendingEmailChange {
  email: string;
  expires_at: string;
}

/**
 * An account's e-mail change (docs/identity.md "E-mail change"): a one-time code (lib/identity/
 * one-time-codes.ts) mailed to the new address, owned by the account; the address changes only when
 * the signed-in account types it (or opens its link). One change is pending at a time: a new request
 * or a cancel retires the open code.
 */
export function emailChanges(serverSecret: string, purpose: CodePurpose) {
  const codes = oneTimeCodes(serverSecret);
  return {
    /** The change waiting for its code, while the code can still be used. */
    async pending(db: ReadDb, owner: CodeOwner): Promise<PendingEmailChange | null> {
      const row = await openCodeOfOwner(db, owner, purpose);
      if (!row || row.expires_at <= new Date().toISOString() || Number(row.tries) >= CODE_RULES.maxTries) return null;
      return { email: row.email, expires_at: row.expires_at };
    },

    /** A new pending change to `email` (an earlier one dies): the plain code, to be mailed to `email` and forgotten. */
    async start(db: Trx, owner: CodeOwner, opts: { email: string; ip: string | null }): Promise<string> {
      await retireOpenCodesOfOwner(db, owner, purpose, new Date().toISOString());
      return codes.issue(db, {
        email: opts.email,
        adminId: 'adminId' in owner ? owner.adminId : null,
        ...('memberId' in owner ? { memberId: owner.memberId } : {}),
        purpose,
        ip: opts.ip,
        ttlSeconds: EMAIL_CHANGE_TTL_SECONDS,
        // Another account's pending change to the same address stays: each account's code is its own.
        retire: 'owner',
      });
    },

    /** Drops the pending change; the address it was for, or null when none was pending. */
    async cancel(db: Trx, owner: CodeOwner): Promise<string | null> {
      const row = await openCodeOfOwner(db, owner, purpose);
      if (!row) return null;
      await retireOpenCodesOfOwner(db, owner, purpose, new Date().toISOString());
      return row.email;
    },

    /**
     * Checks the typed code against the account's pending change and uses it up: the new address, or
     * null (a wrong code counts a try, as sign-in codes do). Run it in a transaction that commits
     * whatever the answer, so a wrong try is counted.
     */
    async check(db: Trx, owner: CodeOwner, code: string): Promise<string | null> {
      const row = await openCodeOfOwner(db, owner, purpose);
      if (!row) return null;
      const checked = await codes.checkRow(db, row, purpose, code);
      return checked.result === 'ok' ? row.email : null;
    },
  };
}
