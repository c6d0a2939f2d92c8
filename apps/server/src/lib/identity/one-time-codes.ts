import type { Trx } from '../../db/database.ts';
import type { CodePurpose } from '../../db/tables/one-time-codes.ts';
import { insertCode, openCodeOf, retireOpenCodes, takeCodeTry, useUpCode } from './one-time-codes.repository.ts';
import { digestSecret, randomDigits, sameDigest } from './secret-digest.ts';

/** Issue 10: six digits, ten minutes, five tries. */
export const CODE_RULES = { digits: 6, ttlSeconds: 10 * 60, maxTries: 5 } as const;

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'exhausted' | 'none';

/** The state the OTP records screen shows, computed from a row at `nowIso`. */
export function codeState(
  row: { used_at: string | null; retired_at: string | null; expires_at: string; tries: number },
  nowIso: string,
): 'used' | 'expired' | 'open' {
  if (row.used_at) return 'used';
  if (row.retired_at || row.expires_at <= nowIso || row.tries >= CODE_RULES.maxTries) return 'expired';
  return 'open';
}

/**
 * Codes mailed to an e-mail for one purpose (sign-in, verify identity). Only a keyed digest is stored;
 * a new code retires the open one. Resend pacing and the same answer for unknown e-mails are the
 * routes' business: a code is only issued for an existing admin.
 */
export function oneTimeCodes(serverSecret: string) {
  const digest = (purpose: CodePurpose, email: string, code: string) => digestSecret(serverSecret, `code:${purpose}:${email}`, code);

  return {
    /** A new code for `email`: the plain code, to be mailed and forgotten. */
    async issue(
      db: Trx,
      opts: {
        email: string;
        adminId: number | null;
        memberId?: number;
        purpose: CodePurpose;
        ip: string | null;
        ttlSeconds?: number;
        /** `owner`: the caller retired its owner's open code itself (an e-mail change is the account's, not the address's). */
        retire?: 'email' | 'owner';
      },
    ): Promise<string> {
      const email = opts.email.toLowerCase();
      const code = randomDigits(CODE_RULES.digits);
      const now = new Date();
      const nowIso = now.toISOString();
      if (opts.retire !== 'owner') await retireOpenCodes(db, email, opts.purpose, nowIso);
      await insertCode(db, {
        email,
        admin_id: opts.adminId,
        member_id: opts.memberId ?? null,
        purpose: opts.purpose,
        code_hash: digest(opts.purpose, email, code),
        ip: opts.ip,
        created_at: nowIso,
        expires_at: new Date(now.getTime() + (opts.ttlSeconds ?? CODE_RULES.ttlSeconds) * 1000).toISOString(),
        used_at: null,
        retired_at: null,
      });
      return code;
    },

    /**
     * Checks a typed code against the open code of `email` and `purpose`: 'ok' uses it up (once, even
     * under concurrent tries), 'wrong' counts a try; after `maxTries` wrong ones even the right code is
     * 'exhausted'. 'none': no code was issued, or it was used or replaced.
     */
    async check(
      db: Trx,
      opts: { email: string; purpose: CodePurpose; code: string },
    ): Promise<{ result: CodeCheck; adminId: number | null; accountId: number | null }> {
      const email = opts.email.toLowerCase();
      const row = await openCodeOf(db, email, opts.purpose);
      if (!row) return { result: 'none', adminId: null, accountId: null };
      return checkRow(db, { ...row, email }, opts.purpose, opts.code);
    },

    /** The same check against one open code already found (an account's own, `openCodeOfOwner`). */
    checkRow: (db: Trx, row: OpenCode, purpose: CodePurpose, code: string) => checkRow(db, row, purpose, code),
  };

  /** Checks `code` against one open code: 'ok' uses it up, 'wrong' counts a try (see check). */
  async function checkRow(
    db: Trx,
    row: OpenCode,
    purpose: CodePurpose,
    code: string,
  ): Promise<{ result: CodeCheck; adminId: number | null; accountId: number | null }> {
    const adminId = row.admin_id;
    // Whose code it is: the admin's, or the member's (purpose member_sign_in).
    const accountId = row.member_id ?? row.admin_id;
    const nowIso = new Date().toISOString();
    if (row.expires_at <= nowIso) return { result: 'expired', adminId, accountId };
    // The try is taken before the comparison, in one statement: parallel guesses compare at most maxTries.
    if (row.tries >= CODE_RULES.maxTries || !(await takeCodeTry(db, row.id, CODE_RULES.maxTries))) {
      return { result: 'exhausted', adminId, accountId };
    }
    const typed = /^\d+$/.test(code) ? code : '';
    if (!sameDigest(row.code_hash, digest(purpose, row.email, typed))) return { result: 'wrong', adminId, accountId };
    const used = await useUpCode(db, row.id, nowIso);
    return { result: used ? 'ok' : 'none', adminId, accountId };
  }
}

/** An open code as the check reads it. */
export interface OpenCode {
  id: number;
  email: string;
  admin_id: number | null;
  member_id: number | null;
  code_hash: string;
  tries: number;
  expires_at: string;
}
