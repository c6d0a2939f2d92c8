import type { z } from 'zod';
import type { Member, memberInput, memberListQuery } from '@bo/shared/schemas/member';
import type { RequestContext } from '../../lib/kit/request-context.ts';
import type { ResourceService } from '../../lib/kit/resource-routes.ts';
import { members } from './member.repository.ts';

type Input = z.output<typeof memberInput>;
type Query = z.output<typeof memberListQuery>;

/** A member disabled by the back office is signed out at once: its devices are revoked. */
async function revokeIfDisabled(ctx: RequestContext, id: number, status: string): Promise<void> {
  if (status !== 'disabled') return;
  await ctx.db
    .updateTable('member_devices')
    .set({ revoked_at: new Date().toISOString(), token_id: null })
    .where('member_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The back office's members: list with filters, read, name and status, delete. Members sign up on the site. */
export function memberService(ctx: RequestContext): ResourceService<Member, Input, Query> {
  const { db, scope } = ctx;
  return {
    list: (query) =>
      members.list(db, scope, query, (qb) => {
        let q = query.status ? qb.where('m.status', '=', query.status) : qb;
        if (query.confirmed) q = q.where('m.email_verified_at', query.confirmed === 'true' ? 'is not' : 'is', null);
        if (query.provider)
          q = q.where((eb) =>
            eb.exists(
              eb
                .selectFrom('member_identities as i')
                .select('i.id')
                .whereRef('i.member_id', '=', 'm.id')
                .where('i.provider', '=', query.provider!),
            ),
          );
        return q;
      }),
    find: (ids) => members.find(db, scope, ids),
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
