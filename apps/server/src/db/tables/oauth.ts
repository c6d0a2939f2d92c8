import type { Generated } from 'kysely';

export type OAuthProvider = 'google' | 'facebook' | 'line';

/** A provider account linked to an admin or a member: the columns both tables have. */
export interface LinkedIdentityColumns {
  id: Generated<number>;
  provider: OAuthProvider;
  /** The provider's id of the account (OIDC `sub`, Facebook `id`). */
  subject: string;
  email: string | null;
  name: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** Migration 0073: a provider account linked to an admin. */
export interface AdminIdentitiesTable extends LinkedIdentityColumns {
  admin_id: number;
}

/** Migration 0073: an authorization started by the web, until the provider sends the browser back. */
export interface OAuthFlowsTable {
  id: Generated<number>;
  state_hash: string;
  provider: OAuthProvider;
  /** member_sign_in: a member of the website (issue 12), returned to the site's page. */
  purpose: 'sign_in' | 'link' | 'member_sign_in';
  /** The admin linking (purpose 'link'). */
  admin_id: number | null;
  /** JSON {codeVerifier, nonce}, sealed. */
  secrets: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OAuthTables {
  admin_identities: AdminIdentitiesTable;
  oauth_flows: OAuthFlowsTable;
}
