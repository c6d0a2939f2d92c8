import type { z } from 'zod';
import { PAGE_KEYS, pageContentShape, type Page, type PageStatus, type pageInput, type pageListQuery } from '@bo/shared/schemas/page';
import { sanitizeFields } from '../../lib/html/sanitize-pool.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { pick } from '../../lib/pick.ts';
import { checkPickablePhoto } from '../photo/content-photos.ts';
import { addRevision, deleteRevisionsOf, findRevision, latestRevisions } from './page-revisions.repository.ts';
import { pageCategoryType, pageIdBySlug, pages } from './page.repository.ts';

type Input = z.output<typeof pageInput>;
type Query = z.output<typeof pageListQuery>;

/** The fields a revision keeps (and a restore puts back): the page's content, not its status. */
export const CONTENT_FIELDS = Object.keys(pageContentShape) as (keyof typeof pageContentShape)[];

const contentOf = (p: Page): Record<string, unknown> =>
  Object.fromEntries(CONTENT_FIELDS.map((f) => [f, f === 'gallery' ? p.gallery.map((g) => g.id) : p[f]]));

/** Pages of the scope, and a page's revisions (the latest 200, or one by number). */
export const pageReads = ({ db, scope }: AdminReadContext) => {
  const reads: ResourceReads<Page, Query> = {
    list: (query) =>
      pages.list(db, scope, query, (qb) => {
        let q = query.type ? qb.where('p.type', '=', query.type) : qb;
        if (query.status) q = q.where('p.status', '=', query.status);
        if (query.category_id) q = q.where('p.category_id', '=', query.category_id);
        return q;
      }),
    find: (ids) => pages.find(db, scope, ids),
  };
  return {
    ...reads,
    async revisions(pageId: number) {
      await pages.findOr404(db, scope, pageId);
      const rows = await latestRevisions(db, pageId, 200);
      return rows.map(({ actor_id, name, email, ...r }) => ({
        ...r,
        actor: actor_id !== null && email !== null ? { id: actor_id, name: name ?? '', email } : null,
      }));
    },
    async revision(pageId: number, number: number) {
      const r = await findRevision(db, pageId, number);
      if (!r) throw notFound();
      return {
        id: r.id,
        page_id: r.page_id,
        number: r.number,
        status: r.status,
        created_at: r.created_at,
        actor: null,
        content: JSON.parse(r.content),
      };
    },
  };
};

/**
 * Pages: the body sanitised on the server (lib/html), a category of the page's type, photos the
 * editor may pick, a slug unique per type (409 with a field error), the status rules of docs/content.md,
 * and a revision for every save.
 */
export function pageService(ctx: RequestContext) {
  const { db, scope } = ctx;

  const columns = async (input: Input, before?: Page) => {
    // First: a body the editor cannot produce is refused before anything else is looked up.
    const rich = await sanitizeFields('rich', { body: input.body, body_en: input.body_en }, `admin:${ctx.principal.id}`);
    if (input.category_id !== null && input.category_id !== before?.category_id) {
      if ((await pageCategoryType(db, input.category_id)) !== input.type) throw badRequest({ category_id: ['validate.error.invalid'] });
    }
    await checkPickablePhoto(ctx, input.cover_photo_id, before?.cover_photo_id ?? null);
    const had = new Set(before?.gallery.map((g) => g.id));
    for (const id of input.gallery) if (!had.has(id)) await checkPickablePhoto(ctx, id);
    const slugOwner = await pageIdBySlug(db, input.type, input.slug);
    if (slugOwner !== null && slugOwner !== before?.id) throw conflict({ slug: [PAGE_KEYS.slugTaken] });
    const now = new Date();
    let publish_at: string | null = null;
    if (input.status === 'scheduled') {
      const at = new Date(input.publish_at!);
      if (at.getTime() <= now.getTime()) throw badRequest({ publish_at: [PAGE_KEYS.publishAtPast] });
      // Minutes: a scheduled page goes out on the minute.
      at.setUTCSeconds(0, 0);
      publish_at = at.toISOString();
    }
    const project = input.type === 'project';
    return {
      ...pick(input, ['type', 'slug', 'title', 'title_en', 'summary', 'summary_en']),
      body: rich.body ?? '',
      body_en: rich.body_en || null,
      ...pick(input, ['cover_photo_id', 'category_id', 'seo_description', 'seo_description_en', 'sort_order']),
      location: project ? input.location : null,
      client: project ? input.client : null,
      period_start: project ? input.period_start : null,
      period_end: project ? input.period_end : null,
      gallery: JSON.stringify(project ? input.gallery : []),
      featured: project && input.featured ? 1 : 0,
      status: input.status,
      publish_at,
      published_at: input.status === 'published' ? (before?.published_at ?? now.toISOString()) : (before?.published_at ?? null),
      updated_by: ctx.principal.id,
    };
  };

  /** The page as saved, kept as its next revision. */
  const revise = async (page: Page): Promise<void> => {
    await addRevision(db, {
      page_id: page.id,
      status: page.status,
      content: JSON.stringify(contentOf(page)),
      actor_id: ctx.principal.id,
      created_at: new Date().toISOString(),
    });
  };
  const saved = async (id: number) => {
    const page = await pages.findOr404(db, scope, id);
    await revise(page);
    return pages.findOr404(db, scope, id);
  };

  const service: ResourceWrites<Page, Input> = {
    async create(input) {
      return saved(await pages.insert(db, scope, await columns(input)));
    },
    async update(before, input) {
      if (input.type !== before.type) throw badRequest({ type: ['validate.error.invalid'] });
      await pages.update(db, scope, before.id, await columns(input, before));
      return saved(before.id);
    },
    /** Order, or publish / unpublish / back to draft in one click (scheduling needs the form: it has a time). */
    async patch(before, change) {
      if (change.field === 'status') {
        const status = change.value as PageStatus;
        await pages.update(db, scope, before.id, {
          status,
          publish_at: null,
          published_at: status === 'published' ? (before.published_at ?? new Date().toISOString()) : before.published_at,
        });
        return saved(before.id);
      }
      await pages.update(db, scope, before.id, { [change.field]: change.value });
      return pages.findOr404(db, scope, before.id);
    },
    async remove(rows) {
      const ids = rows.map((r) => r.id);
      await deleteRevisionsOf(db, ids);
      await pages.remove(db, scope, ids);
    },
  };

  return {
    ...service,
    /** Puts a revision's content back (the status stays as it is now), as a new revision; audited with both. */
    async restore(pageId: number, number: number): Promise<Page> {
      const before = await pages.findOr404(db, scope, pageId);
      const { content } = await pageReads(ctx).revision(pageId, number);
      const input = { ...content, type: before.type, status: before.status, publish_at: before.publish_at } as Input;
      await pages.update(db, scope, pageId, await columns(input, before));
      const after = await saved(pageId);
      await ctx.audit({
        action: 'restore',
        target_type: 'page',
        target_id: pageId,
        before: contentOf(before),
        after: { ...contentOf(after), revision: number },
      });
      return after;
    },
  };
}
