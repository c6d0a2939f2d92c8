import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayInTaipei } from '@bo/shared/dates';
import { BANNER_POSITIONS, publicBannerList } from '@bo/shared/schemas/banner';
import { contentLocale } from '@bo/shared/schemas/content';
import { localized, sendPublic } from '../../lib/public-read.ts';
import { shownOnWebsite } from '../review/review-state.ts';
import { allOrganizations } from '../../lib/context/scope.ts';
import { banners, whereState } from './banner.repository.ts';

export async function bannerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/public/banners',
    {
      schema: {
        tags: ['public-content'],
        description:
          "A position's banners shown today (inside their dates, Asia/Taipei; with an image), in their order, one locale. ETag and Cache-Control.",
        querystring: z.object({ position: z.enum(BANNER_POSITIONS), locale: contentLocale }),
        response: { 200: publicBannerList },
      },
      config: { roles: 'public', fingerprint: false, conditional: true, errors: [404] },
    },
    async (req, reply) => {
      const { position, locale } = req.query;
      const page = await banners.list(
        req.read('visitor').db,
        allOrganizations,
        { page: 1, per_page: 50, sort: 'sort_order', order: 'asc' },
        (qb) => whereState(qb.where('b.position', '=', position).where('b.photo_id', 'is not', null), 'active', todayInTaipei()),
      );
      // Issue 41: with the review workflow on, each banner as published (its snapshot); its dates are today's.
      const shown = await shownOnWebsite(req.read('visitor').db, 'banner', page.data);
      return sendPublic(req, reply, {
        data: shown.flatMap((b) =>
          b.photo ? [{ id: b.id, title: localized(locale, b.title, b.title_en), position: b.position, link: b.link, photo: b.photo }] : [],
        ),
      });
    },
  );
}
