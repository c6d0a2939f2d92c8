import type { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import type { Contact, contactListQuery } from '@bo/shared/schemas/contact';
import { parseRoles } from '../../lib/context/actor.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { adminStanding, contacts, filterContacts } from './contact.repository.ts';

type Query = z.output<typeof contactListQuery>;

/** Holds a role that handles contacts itself (a maintainer passes every check but is not a handler). */
export const handlesContacts = (rolesJson: string) => parseRoles(rolesJson).some((r) => (ROLES.contact as readonly string[]).includes(r));

export const contactReads = ({ db, scope }: AdminReadContext): ResourceReads<Contact, Query> => ({
  list: (query) => contacts.list(db, scope, query, (qb) => filterContacts(qb, query)),
  find: (ids) => contacts.find(db, scope, ids),
});

/**
 * Contacts are created by the site's form only (contact.public.routes.ts); the back office reads,
 * handles (status, note, assignee: one field at a time, or a status for many) and deletes them.
 */
export function contactService(ctx: RequestContext): ResourceWrites<Contact, never> {
  const { db, scope } = ctx;
  /** An assignee is an active admin who may handle contacts. */
  const checkAssignee = async (id: number) => {
    const admin = await adminStanding(db, id);
    if (admin?.status !== 'active' || !handlesContacts(admin.roles)) throw badRequest({ value: ['validate.error.invalid'] });
  };
  return {
    async patch(before, change) {
      const values: Record<string, unknown> = { [change.field]: change.value };
      if (change.field === 'assignee_id' && change.value !== null) await checkAssignee(change.value as number);
      if (change.field === 'status')
        values.handled_at = change.value === 'handled' ? (before.handled_at ?? new Date().toISOString()) : null;
      await contacts.update(db, scope, before.id, values);
      return contacts.findOr404(db, scope, before.id);
    },
    remove: (rows) =>
      contacts.remove(
        db,
        scope,
        rows.map((r) => r.id),
      ),
  };
}
