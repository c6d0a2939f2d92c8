/** password reset and invitation links (migration 0072). */
export type PasswordResetTables = Record<never, never>;
