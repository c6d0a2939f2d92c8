import type { z } from 'zod';
import { youtubeId } from '@bo/shared/validators';
import type { Video, videoInput, videoListQuery } from '@bo/shared/schemas/video';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { checkPickablePhoto } from '../photo/content-photos.ts';
import { videos } from './video.repository.ts';

type Input = z.output<typeof videoInput>;
type Query = z.output<typeof videoListQuery>;

/** Columns of an input: the YouTube id is taken from the URL when saved (the schema has checked there is one). */
const columns = (input: Input) => ({
  title: input.title,
  title_en: input.title_en,
  youtube_url: input.youtube_url,
  youtube_id: youtubeId(input.youtube_url) as string,
  photo_id: input.photo_id,
  published: input.published ? 1 : 0,
  sort_order: input.sort_order,
});

export const videoReads = ({ db, scope }: AdminReadContext): ResourceReads<Video, Query> => ({
  list: (query) =>
    videos.list(db, scope, query, (qb) => (query.published ? qb.where('v.published', '=', query.published === 'true' ? 1 : 0) : qb)),
  find: (ids) => videos.find(db, scope, ids),
});

export function videoService(ctx: RequestContext): ResourceWrites<Video, Input> {
  const { db, scope } = ctx;
  return {
    async create(input) {
      await checkPickablePhoto(ctx, input.photo_id);
      return videos.create(db, scope, columns(input));
    },
    async update(before, input) {
      await checkPickablePhoto(ctx, input.photo_id, before.photo_id);
      await videos.update(db, scope, before.id, columns(input));
      return videos.findOr404(db, scope, before.id);
    },
    async patch(before, change) {
      const value = change.field === 'published' ? (change.value ? 1 : 0) : change.value;
      await videos.update(db, scope, before.id, { [change.field]: value });
      return videos.findOr404(db, scope, before.id);
    },
    remove: (rows) =>
      videos.remove(
        db,
        scope,
        rows.map((r) => r.id),
      ),
  };
}
