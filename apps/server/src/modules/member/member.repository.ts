import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { Member, memberListQuery } from '@bo/shared/schemas/member';
import type { OAuthProviderName } from '@bo/shared/schemas/account';
import type { ReadDb } from '../../db/database.ts';
import type { MembersTable } from '../../db/tables/members.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';

type Row = Selectable<MembersTable>;

/** Rows to views: never the password hash, only whether there is one; the linked providers. */
export async function toMembers(rows: Row[], db: ReadDb): Promise<Member[]> {
  const ids = rows.map((r) => r.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .selectFrom('member_identities')
          .select(['member_id', 'provider'])
          .where('member_id', 'in', ids)
          .orderBy('provider')
          .execute();
  return rows.map(({ password_hash, locale: _, ...r }) => ({
    ...r,
    has_password: password_hash !== null,
    providers: links.filter((l) => l.member_id === r.id).map((l) => l.provider as OAuthProviderName),
  }));
}

/** The website's members (no organization: they belong to the site). */
export const members = scopedTable<Member, Row>({
  table: 'members',
  alias: 'm',
  organizationColumn: null,
  select: (db) => db.selectFrom('members as m').selectAll('m'),
  toView: toMembers,
  sortColumns: { created_at: 'm.created_at', id: 'm.id', email: 'm.email', name: 'm.name', last_sign_in_at: 'm.last_sign_in_at' },
  keywordColumns: ['m.email', 'm.name'],
});

/** One member's view by id, for the member's own routes. */
export async function memberView(db: ReadDb, id: number): Promise<Member> {
  const row = await db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return (await toMembers([row], db))[0]!;
}

/** The back office list's filters beyond the keyword: status, e-mail confirmed or not, a linked provider. */
export const memberFilters =
  (f: Pick<z.output<typeof memberListQuery>, 'status' | 'confirmed' | 'provider'>) =>
  (qb: SelectQueryBuilder<any, any, any>): SelectQueryBuilder<any, any, any> => {
    let q = f.status ? qb.where('m.status', '=', f.status) : qb;
    if (f.confirmed) q = q.where('m.email_verified_at', f.confirmed === 'true' ? 'is not' : 'is', null);
    if (f.provider)
      q = q.where((eb) =>
        eb.exists(
          eb.selectFrom('member_identities as i').select('i.id').whereRef('i.member_id', '=', 'm.id').where('i.provider', '=', f.provider!),
        ),
      );
    return q;
  };

/** What a mail to the member needs: its address, greeting, password fingerprint and language. */
export function memberForMail(db: ReadDb, id: number) {
  return db
    .selectFrom('members')
    .select(['id', 'email', 'name', 'password_hash', 'email_verified_at', 'locale'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
