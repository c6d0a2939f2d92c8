import type { Insertable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { AdminIdentitiesTable, OAuthProvider } from '../../db/tables/oauth.ts';
import type { MemberIdentitiesTable } from '../../db/tables/members.ts';
import { rowExists } from '../../db/row-exists.ts';

/** The admin linked to the provider account, or undefined. */
export async function adminLinkedTo(db: ReadDb, provider: OAuthProvider, subject: string) {
  return db
    .selectFrom('admin_identities as i')
    .innerJoin('admins as a', 'a.id', 'i.admin_id')
    .select(['a.id', 'a.status'])
    .where('i.provider', '=', provider)
    .where('i.subject', '=', subject)
    .executeTakeFirst();
}

/** Whether the admin has linked an account of the provider. */
export const adminHasProvider = (db: ReadDb, adminId: number, provider: OAuthProvider): Promise<boolean> =>
  rowExists(db, 'admin_identities', { admin_id: adminId, provider });

export async function insertAdminIdentity(db: Trx, identity: Insertable<AdminIdentitiesTable>): Promise<void> {
  await db.insertInto('admin_identities').values(identity).execute();
}

export async function touchAdminIdentity(db: Trx, provider: OAuthProvider, subject: string, at: string): Promise<void> {
  await db
    .updateTable('admin_identities')
    .set({ last_used_at: at })
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .execute();
}

/** The member linked to the provider account, or undefined. */
export async function memberLinkedTo(db: ReadDb, provider: OAuthProvider, subject: string) {
  return db
    .selectFrom('member_identities as i')
    .innerJoin('members as m', 'm.id', 'i.member_id')
    .select(['m.id', 'm.status'])
    .where('i.provider', '=', provider)
    .where('i.subject', '=', subject)
    .executeTakeFirst();
}

/** Whether the member has linked an account of the provider. */
export async function memberHasProvider(db: ReadDb, memberId: number, provider: OAuthProvider): Promise<boolean> {
  const row = await db
    .selectFrom('member_identities')
    .select('id')
    .where('member_id', '=', memberId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertMemberIdentity(db: Trx, identity: Insertable<MemberIdentitiesTable>): Promise<void> {
  await db.insertInto('member_identities').values(identity).execute();
}

export async function touchMemberIdentity(db: Trx, provider: OAuthProvider, subject: string, at: string): Promise<void> {
  await db
    .updateTable('member_identities')
    .set({ last_used_at: at })
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .execute();
}
