import type { Insertable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { PasswordResetTokensTable } from '../../db/tables/password-reset.ts';

/** The admin's open links die (a new one replaces them). */
export async function retireOpenPasswordLinks(db: Trx, adminId: number, at: string): Promise<void> {
  await db.updateTable('password_reset_tokens').set({ used_at: at }).where('admin_id', '=', adminId).where('used_at', 'is', null).execute();
}

export async function insertPasswordLink(db: Trx, link: Insertable<PasswordResetTokensTable>): Promise<number> {
  return (await db.insertInto('password_reset_tokens').values(link).returning('id').executeTakeFirstOrThrow()).id;
}

/** The outbox mail that carries the link (issue 26: the invitation's mail state). */
export async function setPasswordLinkMail(db: Trx, id: number, mailId: number): Promise<void> {
  await db.updateTable('password_reset_tokens').set({ mail_id: mailId }).where('id', '=', id).execute();
}

/** The link stored with this digest, and what its use checks of its admin. */
export async function passwordLinkByDigest(db: ReadDb, tokenHash: string) {
  return db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('admins as a', 'a.id', 't.admin_id')
    .select([
      't.id',
      't.purpose',
      't.token_hash',
      't.password_fingerprint',
      't.expires_at',
      't.used_at',
      'a.id as admin_id',
      'a.email',
      'a.name',
      'a.status',
      'a.password_hash',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the link used, once: false when another request used it first. */
export async function useUpPasswordLinkRow(db: Trx, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
