import type { Generated } from 'kysely';

/**
 * What a one-time code is for: signing in, proving one's identity to a signed-in session, or (issue 26,
 * migration 0091) proving the new address of an e-mail change, the code's `email`.
 */
export type CodePurpose = 'sign_in' | 'verify_identity' | 'member_sign_in' | 'email_change' | 'member_email_change';

/** Migration 0071: codes sent by mail, stored as a keyed digest (lib/identity/one-time-codes.ts). */
export interface OneTimeCodesTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  admin_id: number | null;
  /** A member's sign-in code (purpose member_sign_in, issue 12). */
  member_id: number | null;
  purpose: CodePurpose;
  code_hash: string;
  /** Wrong codes typed against this one. */
  tries: Generated<number>;
  ip: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** A newer code for the same e-mail and purpose replaced this one. */
  retired_at: string | null;
}

export interface OneTimeCodeTables {
  one_time_codes: OneTimeCodesTable;
}
