import type { z } from 'zod';
import { todayInTaipei } from '@bo/shared/dates';
import type { Banner, bannerInput, bannerListQuery } from '@bo/shared/schemas/banner';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { checkPickablePhoto } from '../photo/content-photos.ts';
import { banners, whereState } from './banner.repository.ts';

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
  return {
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
  } satisfies ResourceWrites<Banner, Input>;
}
