import type { Insertable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { MemberLinksTable } from '../../db/tables/members.ts';

/** The member's open links of `purpose` die (a new one replaces them, or the e-mail was proven another way). */
export async function retireOpenMemberLinks(db: Trx, memberId: number, purpose: MemberLinksTable['purpose'], at: string): Promise<void> {
  await db
    .updateTable('member_links')
    .set({ used_at: at })
    .where('member_id', '=', memberId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertMemberLink(db: Trx, link: Insertable<MemberLinksTable>): Promise<void> {
  await db.insertInto('member_links').values(link).execute();
}

/** The link stored with this digest, and what its use checks of its member. */
export async function memberLinkByDigest(db: ReadDb, tokenHash: string) {
  return db
    .selectFrom('member_links as l')
    .innerJoin('members as m', 'm.id', 'l.member_id')
    .select(['l.id', 'l.purpose', 'l.token_hash', 'l.password_fingerprint', 'l.expires_at', 'l.used_at'])
    .select(['m.id as member_id', 'm.status', 'm.password_hash', 'm.email_verified_at'])
    .where('l.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the link used, once: false when another request used it first. */
export async function useUpMemberLink(db: Trx, id: number, at: string): Promise<boolean> {
  const used = await db
    .updateTable('member_links')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
