import type { z } from 'zod';
import type { Member, memberInput, memberListQuery } from '@bo/shared/schemas/member';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { revokeMemberDevices } from './member-devices.repository.ts';
import { memberFilters, members } from './member.repository.ts';

type Input = z.output<typeof memberInput>;
type Query = z.output<typeof memberListQuery>;

/** A member disabled by the back office is signed out at once: its devices are revoked. */
async function revokeIfDisabled(ctx: RequestContext, id: number, status: string): Promise<void> {
  if (status === 'disabled') await revokeMemberDevices(ctx.trx, id);
}

/** The back office's reads of members: the list with its filters, and rows by id. */
export const memberReads = ({ db, scope }: AdminReadContext): ResourceReads<Member, Query> => ({
  list: (query) => members.list(db, scope, query, memberFilters(query)),
  find: (ids) => members.find(db, scope, ids),
});

/** The back office's writes of members: name and status, delete. Members sign up on the site. */
export function memberService(ctx: RequestContext): ResourceWrites<Member, Input> {
  const { db, scope } = ctx;
  return {
    async update(before, input) {
      await members.update(db, scope, before.id, { name: input.name, status: input.status });
      await revokeIfDisabled(ctx, before.id, input.status);
      return members.findOr404(db, scope, before.id);
    },
    async patch(before, change) {
      await members.update(db, scope, before.id, { [change.field]: change.value });
      if (change.field === 'status') await revokeIfDisabled(ctx, before.id, String(change.value));
      return members.findOr404(db, scope, before.id);
    },
    remove: (rows) =>
      members.remove(
        db,
        scope,
        rows.map((r) => r.id),
      ),
  };
}
