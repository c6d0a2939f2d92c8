import type { Generated } from 'kysely';

/** Migration 0074: an admin's authenticator app. */
export interface AdminTwoFactorTable {
  id: Generated<number>;
  admin_id: number;
  /** The TOTP secret (base32), sealed (lib/secret-box.ts). */
  secret: string;
  /** Null while set up but not yet confirmed by a first code: two-factor is off until then. */
  enabled_at: string | null;
  /** The time step of the last code accepted: a code is never accepted twice. */
  last_step: number | null;
  created_at: string;
  updated_at: string;
}

/** Migration 0074: ten single-use codes for when the phone is lost, as keyed digests. */
export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  admin_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** Migration 0074: a first factor that passed, waiting for the second (verify) or for two-factor to be set up (setup). */
export interface SignInChallengesTable {
  id: Generated<number>;
  token_hash: string;
  admin_id: number;
  mode: 'verify' | 'setup';
  /** The first factor: password, email_code, google, facebook, line. */
  method: string;
  fingerprint: string;
  ip: string;
  user_agent: string | null;
  keep_login: number;
  /** Setup: the secret shown to the admin, sealed, until a code confirms it. */
  pending_secret: string | null;
  tries: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface TwoFactorTables {
  admin_two_factor: AdminTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
}
