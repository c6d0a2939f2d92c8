/** two-factor secrets, recovery codes, challenges (migration 0074). */
export type TwoFactorTables = Record<never, never>;
