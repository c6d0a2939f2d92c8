import type { ReadDb } from '../../db/database.ts';

/** The admin an account route acts on (the caller, a sign-in's, a switch's target); undefined when there is none. */
export function findAccountAdmin(db: ReadDb, adminId: number) {
  return db.selectFrom('admins').select(['id', 'email', 'name', 'status']).where('id', '=', adminId).executeTakeFirst();
}

/** The admin's password hash, for a route that checks the password again (verify identity). */
export async function passwordHashOf(db: ReadDb, adminId: number): Promise<string> {
  const row = await db.selectFrom('admins').select('password_hash').where('id', '=', adminId).executeTakeFirstOrThrow();
  return row.password_hash;
}
