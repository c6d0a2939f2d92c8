import type { Generated } from 'kysely';

export type PasswordLinkPurpose = 'reset' | 'invite';

/** Migration 0072: set-password links (lib/identity/password-links.ts). */
export interface PasswordResetTokensTable {
  id: Generated<number>;
  admin_id: number;
  purpose: PasswordLinkPurpose;
  token_hash: string;
  /** Digest of the admin's password hash when the link was made: the link dies with that password. */
  password_fingerprint: string;
  ip: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PasswordResetTables {
  password_reset_tokens: PasswordResetTokensTable;
}
