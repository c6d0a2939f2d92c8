import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listQuery } from '@bo/shared/list';
import { contentLocale } from '@bo/shared/schemas/content';
import { publicVideoList } from '@bo/shared/schemas/video';
import { youtubeEmbedUrl, youtubeStart } from '@bo/shared/validators';
import { localized, sendPublic } from '../../lib/public-read.ts';
import { shownOnWebsite } from '../review/review-state.ts';
import { allOrganizations } from '../../lib/context/scope.ts';
import { videos } from './video.repository.ts';

/** The public API's videos: published ones, in the site's order. */
export async function videoPublicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/public/videos',
    {
      schema: {
        tags: ['public-content'],
        description:
          'Published videos in their order (sort order, then id), one locale (zh-TW when an en-US title is empty). ETag and Cache-Control.',
        querystring: listQuery(['sort_order']).pick({ page: true, per_page: true }).extend({ locale: contentLocale }),
        response: { 200: publicVideoList },
      },
      config: { roles: 'public', fingerprint: false, conditional: true, errors: [404] },
    },
    async (req, reply) => {
      const { locale, ...paging } = req.query;
      const page = await videos.list(req.read('visitor').db, allOrganizations, { ...paging, sort: 'sort_order', order: 'asc' }, (qb) =>
        qb.where('v.published', '=', 1),
      );
      // Issue 41: with the review workflow on, each video as published (its snapshot).
      const shown = await shownOnWebsite(req.read('visitor').db, 'video', page.data);
      return sendPublic(req, reply, {
        data: shown.map((v) => ({
          id: v.id,
          title: localized(locale, v.title, v.title_en),
          youtube_id: v.youtube_id,
          embed_url: youtubeEmbedUrl(v.youtube_id, youtubeStart(v.youtube_url)),
          photo: v.photo,
        })),
        meta: page.meta,
      });
    },
  );
}
