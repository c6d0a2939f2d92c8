/** provider identities and OAuth flows (migration 0073). */
export type OAuthTables = Record<never, never>;
