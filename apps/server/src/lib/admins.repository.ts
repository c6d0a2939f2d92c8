import type { Insertable, Selectable } from 'kysely';
import type { ReadDb, Trx } from '../db/database.ts';
import type { AdminsTable } from '../db/schema.ts';

/** The admin's whole row (a token's data); throws when there is none. */
export async function adminRow(db: ReadDb, id: number): Promise<Selectable<AdminsTable>> {
  return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Who an admin is, as a token or a mail names it. */
export async function adminSummary(db: ReadDb, id: number): Promise<{ id: number; email: string; name: string } | undefined> {
  return db.selectFrom('admins').select(['id', 'email', 'name']).where('id', '=', id).executeTakeFirst();
}

/** What a set-password link is made from; throws when there is no such admin. */
export async function adminForPasswordLink(db: ReadDb, id: number) {
  return db.selectFrom('admins').select(['id', 'email', 'name', 'password_hash']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** The admin with this (lower-cased) e-mail, as sign-in checks it. */
export async function adminByEmail(db: ReadDb, email: string) {
  return db.selectFrom('admins').select(['id', 'password_hash', 'status']).where('email', '=', email).executeTakeFirst();
}

export async function anyAdminExists(db: ReadDb): Promise<boolean> {
  return (await db.selectFrom('admins').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Inserts an admin unless one with its e-mail exists (several instances starting together on an empty
 * database: one creates it, the others carry on); answers its id, or null when it existed.
 */
export async function insertAdminUnlessEmailTaken(db: Trx, admin: Insertable<AdminsTable>): Promise<number | null> {
  const created = await db
    .insertInto('admins')
    .values(admin)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return created?.id ?? null;
}

/** Whether the admin exists and is active (a signed link speaks for its signer only while so). */
export async function adminIsActive(db: ReadDb, id: number): Promise<boolean> {
  const row = await db.selectFrom('admins').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status === 'active';
}
