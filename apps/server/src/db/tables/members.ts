import type { Generated } from 'kysely';
import type { LinkedIdentityColumns } from './oauth.ts';

/** Migration 0083: the website's members (issue 12). E-mail lower-cased, unique. */
export interface MembersTable {
  id: Generated<number>;
  email: string;
  name: string;
  /** Null for a member who signed up by a provider and never set one. */
  password_hash: string | null;
  status: 'active' | 'disabled';
  /** Set when the sign-up mail's link is opened (or a provider vouched for the e-mail). */
  email_verified_at: string | null;
  locale: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A provider account linked to a member (like admin_identities). */
export interface MemberIdentitiesTable extends LinkedIdentityColumns {
  member_id: number;
}

/** A member's browser and its session: one current token (`token_id`); a logout revokes it. */
export interface MemberDevicesTable {
  id: Generated<number>;
  member_id: number;
  fingerprint: string;
  user_agent: string;
  ip: string;
  keep_login: number;
  created_at: string;
  signed_in_at: string;
  session_expires_at: string;
  token_id: string | null;
  last_seen_at: string;
  revoked_at: string | null;
}

/** Single-use links mailed to members: e-mail confirmation (sign-up) and password reset. */
export interface MemberLinksTable {
  id: Generated<number>;
  member_id: number;
  purpose: 'confirm' | 'reset';
  token_hash: string;
  /** Reset links die when the password changes by any other way. */
  password_fingerprint: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface MemberTables {
  members: MembersTable;
  member_identities: MemberIdentitiesTable;
  member_devices: MemberDevicesTable;
  member_links: MemberLinksTable;
}
