import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { instantRange } from '@bo/shared/dates';
import type { Contact, contactListQuery } from '@bo/shared/schemas/contact';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { ContactsTable } from '../../db/tables/site-content.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';

type Row = Selectable<ContactsTable> & { assignee_name: string | null; assignee_email: string | null };
/** What the site's form sends, as stored. */
export type NewContact = Pick<Selectable<ContactsTable>, 'name' | 'email' | 'phone' | 'company' | 'message' | 'locale'>;
export type ContactFilters = Pick<z.output<typeof contactListQuery>, 'status' | 'assignee_id' | 'date_from' | 'date_to' | 'keyword'>;

const toView = (rows: Row[]): Contact[] =>
  rows.map(({ assignee_name, assignee_email, ...r }) => ({
    ...r,
    assignee:
      r.assignee_id !== null && assignee_email !== null ? { id: r.assignee_id, name: assignee_name ?? '', email: assignee_email } : null,
  }));

/** Contacts the site received (no organization). */
export const contacts = scopedTable<Contact, Row>({
  table: 'contacts',
  alias: 'c',
  organizationColumn: null,
  select: (db) =>
    db
      .selectFrom('contacts as c')
      .leftJoin('admins as a', 'a.id', 'c.assignee_id')
      .selectAll('c')
      .select(['a.name as assignee_name', 'a.email as assignee_email']),
  toView,
  sortColumns: { id: 'c.id', created_at: 'c.created_at', name: 'c.name', status: 'c.status', updated_at: 'c.updated_at' },
  keywordColumns: ['c.name', 'c.email', 'c.phone', 'c.company', 'c.message'],
});

/** The list filters beyond the keyword, for the index and the export alike. */
export function filterContacts<Q extends { where: (...a: any[]) => Q }>(qb: Q, f: ContactFilters): Q {
  let q = qb;
  if (f.status) q = q.where('c.status', '=', f.status);
  if (f.assignee_id) q = q.where('c.assignee_id', '=', f.assignee_id);
  const range = instantRange(f.date_from, f.date_to);
  if (range.from) q = q.where('c.created_at', '>=', range.from);
  if (range.toExclusive) q = q.where('c.created_at', '<', range.toExclusive);
  return q;
}

/** Active admins, by name, with their roles (who may be assigned a contact is decided from the roles). */
export function activeAdminsWithRoles(db: ReadDb) {
  return db.selectFrom('admins').select(['id', 'name', 'email', 'roles']).where('status', '=', 'active').orderBy('name').execute();
}

/** An admin's roles and status, if there is such an admin. */
export function adminStanding(db: ReadDb, id: number) {
  return db.selectFrom('admins').select(['roles', 'status']).where('id', '=', id).executeTakeFirst();
}

/** A contact the site's form sent; answers its id. */
export async function insertContact(db: Trx, input: NewContact, ip: string, now: string): Promise<number> {
  const { id } = await db
    .insertInto('contacts')
    .values({ ...input, status: 'new', ip, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
