import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayInTaipei } from '@bo/shared/dates';
import { BANNER_POSITIONS, type Banner, publicBannerList } from '@bo/shared/schemas/banner';
import { contentLocale } from '@bo/shared/schemas/content';
import { localized, sendPublic } from '../../lib/public-read.ts';
import type { ReadDb } from '../../db/database.ts';
import { allOrganizations } from '../../lib/context/scope.ts';
import { photoSummaries } from '../photo/content-photos.ts';
import { publishedOfType } from '../review/review-state.ts';
import { banners, insideDates, whereState } from './banner.repository.ts';

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
      const db = req.read('visitor').db;
      const today = todayInTaipei();
      // Issue 41: with the review workflow on, each banner as published (its snapshot), selected on its
      // published position, dates and image; a pending edit of them waits for review like any other.
      const published = await publishedOfType<Banner>(db, 'banner');
      const shown = published
        ? await inWorkingOrder(
            db,
            published.filter((b) => b.position === position && b.photo !== null && insideDates(b, today)),
          )
        : (
            await banners.list(db, allOrganizations, { page: 1, per_page: 50, sort: 'sort_order', order: 'asc' }, (qb) =>
              whereState(qb.where('b.position', '=', position).where('b.photo_id', 'is not', null), 'active', today),
            )
          ).data;
      return sendPublic(req, reply, {
        data: shown.flatMap((b) =>
          b.photo ? [{ id: b.id, title: localized(locale, b.title, b.title_en), position: b.position, link: b.link, photo: b.photo }] : [],
        ),
      });
    },
  );
}

/**
 * Published banners in the order the editors set on the working records (reordering is not reviewed),
 * at most 50 as without the workflow; a banner whose photo has since left the library is not shown.
 */
async function inWorkingOrder(db: ReadDb, published: Banner[]): Promise<Banner[]> {
  const working = new Map(
    (
      await banners.find(
        db,
        allOrganizations,
        published.map((b) => b.id),
      )
    ).map((b) => [b.id, b]),
  );
  const photos = await photoSummaries(
    db,
    published.map((b) => b.photo_id),
  );
  const order = (b: Banner) => working.get(b.id)?.sort_order ?? 0;
  return published
    .filter((b) => working.has(b.id) && b.photo_id !== null && photos.has(b.photo_id))
    .sort((a, b) => order(a) - order(b) || a.id - b.id)
    .slice(0, 50);
}
