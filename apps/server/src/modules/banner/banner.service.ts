import type { z } from 'zod';
import { todayInTaipei } from '@bo/shared/dates';
import type { Banner, bannerInput, bannerListQuery, bannerOrderBody } from '@bo/shared/schemas/banner';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { AdminReadContext, RequestContext } from '../../lib/kit/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { checkPickablePhoto } from '../photo/content-photos.ts';
import { bannerOrderOf, banners, whereState } from './banner.repository.ts';

type Input = z.output<typeof bannerInput>;
type Query = z.output<typeof bannerListQuery>;

export const bannerReads = ({ db, scope }: AdminReadContext): ResourceReads<Banner, Query> => ({
  list: (query) =>
    banners.list(db, scope, query, (qb) => {
      const q = query.position ? qb.where('b.position', '=', query.position) : qb;
      return whereState(q, query.state, todayInTaipei());
    }),
  find: (ids) => banners.find(db, scope, ids),
});

export function bannerService(ctx: RequestContext) {
  const { db, scope } = ctx;
  const service: ResourceWrites<Banner, Input> = {
    async create(input) {
      await checkPickablePhoto(ctx, input.photo_id);
      return banners.create(db, scope, input);
    },
    async update(before, input) {
      await checkPickablePhoto(ctx, input.photo_id, before.photo_id);
      await banners.update(db, scope, before.id, input);
      return banners.findOr404(db, scope, before.id);
    },
    async patch(before, change) {
      await banners.update(db, scope, before.id, { [change.field]: change.value });
      return banners.findOr404(db, scope, before.id);
    },
    remove: (rows) =>
      banners.remove(
        db,
        scope,
        rows.map((r) => r.id),
      ),
  };
  return {
    ...service,
    /**
     * The order of one position after a drag and drop: `ids` must be exactly that position's banners
     * (a banner added or moved meanwhile makes the order stale: 409, reload and drop again).
     */
    async reorder({ position, ids }: z.output<typeof bannerOrderBody>): Promise<Banner[]> {
      if (new Set(ids).size !== ids.length) throw badRequest({ ids: ['validate.error.invalid'] });
      const current = await bannerOrderOf(db, position);
      const known = new Set(current.map((r) => r.id));
      if (current.length !== ids.length || ids.some((id) => !known.has(id))) throw conflict();
      for (const [i, id] of ids.entries()) await banners.update(db, scope, id, { sort_order: (i + 1) * 10 });
      await ctx.audit({
        action: 'reorder',
        target_type: 'banner',
        target_label: position,
        before: { ids: [...current].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id).map((r) => r.id) },
        after: { ids },
      });
      return (
        await banners.list(db, scope, { page: 1, per_page: 100, sort: 'sort_order', order: 'asc' }, (qb) =>
          qb.where('b.position', '=', position),
        )
      ).data;
    },
  };
}
