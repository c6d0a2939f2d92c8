import type { Kysely } from 'kysely';

/**
 * Session lifetime (issue 9, section 4) on the login device:
 * - signed_in_at, session_expires_at: the last sign-in on this device and the absolute end of that
 *   session (keep-login or not); no token of the device outlives session_expires_at.
 * - token_id, token_expires_at: the `jti` and `exp` of the one current token.
 * - previous_token_id, previous_token_until: the token the last renewal replaced, accepted until then
 *   (a short grace so two tabs renewing at once do not sign each other out).
 * All nullable: SQLite adds a NOT NULL column only with a constant default. A row from before this
 * migration has no token id, so its old tokens (which carry no `jti`) are refused: sign in again once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of [
    'signed_in_at',
    'session_expires_at',
    'token_id',
    'token_expires_at',
    'previous_token_id',
    'previous_token_until',
  ]) {
    await db.schema.alterTable('login_devices').addColumn(column, 'text').execute();
  }
  await db
    .updateTable('login_devices')
    .set((eb) => ({ signed_in_at: eb.ref('created_at') }))
    .execute();
  // Sign-in looks for this browser's device, the lockout for a browser that signed in to the account before.
  await db.schema.createIndex('login_devices_admin_fingerprint_idx').on('login_devices').columns(['admin_id', 'fingerprint']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('login_devices_admin_fingerprint_idx').ifExists().execute();
  for (const column of [
    'previous_token_until',
    'previous_token_id',
    'token_expires_at',
    'token_id',
    'session_expires_at',
    'signed_in_at',
  ]) {
    await db.schema.alterTable('login_devices').dropColumn(column).execute();
  }
}
