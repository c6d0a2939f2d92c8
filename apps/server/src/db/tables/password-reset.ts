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
  /** Migration 0086: the admin who made the link (an invitation's sender); null for the operator or a self-service reset. */
  created_by: number | null;
  /** Migration 0086: the outbox mail carrying the link. */
  mail_id: number | null;
}

export interface PasswordResetTables {
  password_reset_tokens: PasswordResetTokensTable;
}
