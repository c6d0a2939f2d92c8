/** mail outbox and template overrides (migration 0070). */
export type MailTables = Record<never, never>;
