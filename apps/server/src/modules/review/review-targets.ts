import { createHash } from 'node:crypto';
import { ROLES } from '@bo/shared/permissions';
import type { ReviewType } from '@bo/shared/schemas/review';
import type { ReadDb } from '../../db/database.ts';
import type { WriteContext } from '../../lib/context/request-context.ts';
import { allOrganizations } from '../../lib/context/scope.ts';
import { banners } from '../banner/banner.repository.ts';
import { pages } from '../page/page.repository.ts';
import { products } from '../product/product.repository.ts';
import { videos } from '../video/video.repository.ts';

type View = { id: number } & Record<string, unknown>;

/**
 * What the review needs of each content type: its editors' roles, its record as the admin reads it,
 * whether it is on the website (and whether an audited change put it there), and how it goes live.
 */
export interface ReviewTarget {
  type: ReviewType;
  editorRoles: readonly string[];
  find(db: ReadDb, id: number): Promise<View | undefined>;
  /**
   * The column that puts the record on the website, and its values that do (a schedule counts: it
   * will); null for a banner, shown by its dates (only its published snapshot ever is).
   */
  liveField: string | null;
  isLiveValue(value: unknown): boolean;
  /** The record is on the website now (its published snapshot is then what shows); a banner only by an explicit publish. */
  shownOnSite(view: View): boolean;
  title(view: View): string | null;
  /** Puts the record on the website through its own audited change (nothing when it already is). */
  goLive(ctx: WriteContext, view: View): Promise<void>;
}

/** What is reviewed: the content, not where it stands (status, order, timestamps, counters). */
const NOT_CONTENT = new Set([
  'status',
  'publish_at',
  'published_at',
  'published',
  'active',
  'sort_order',
  'created_at',
  'updated_at',
  'updated_by',
  'version',
  'revision_count',
  'instance_count',
]);

export function contentOf(view: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(view).filter(([k]) => !NOT_CONTENT.has(k)));
}

const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : v;

/** sha-256 of the canonical JSON (keys sorted) of a record's content: the approved hash. */
export const contentHash = (view: Record<string, unknown>): string =>
  createHash('sha256')
    .update(JSON.stringify(canonical(contentOf(view))))
    .digest('hex');

const truthy = (v: unknown) => v === true || v === 1;
const nowIso = () => new Date().toISOString();

const page: ReviewTarget = {
  type: 'page',
  editorRoles: ROLES.page,
  find: async (db, id) => (await pages.find(db, allOrganizations, [id]))[0] as View | undefined,
  liveField: 'status',
  isLiveValue: (v) => v === 'published' || v === 'scheduled',
  shownOnSite: (v) => v.status === 'published',
  title: (v) => (v.title as string) ?? null,
  async goLive(ctx, v) {
    if (v.status === 'published') return;
    const published_at = (v.published_at as string | null) ?? nowIso();
    await pages.update(ctx.trx, allOrganizations, v.id, { status: 'published', publish_at: null, published_at, updated_at: nowIso() });
    await ctx.audit({
      action: 'publish',
      target_type: 'page',
      target_id: v.id,
      before: { status: v.status, publish_at: v.publish_at },
      after: { status: 'published', published_at },
    });
  },
};

const product: ReviewTarget = {
  type: 'product',
  editorRoles: ROLES.product,
  find: async (db, id) => (await products.find(db, allOrganizations, [id]))[0] as View | undefined,
  liveField: 'status',
  isLiveValue: (v) => v === 'published',
  shownOnSite: (v) => v.status === 'published',
  title: (v) => (v.name as string) ?? null,
  async goLive(ctx, v) {
    if (v.status === 'published') return;
    const published_at = (v.published_at as string | null) ?? nowIso();
    await products.update(ctx.trx, allOrganizations, v.id, { status: 'published', published_at, updated_at: nowIso() });
    await ctx.audit({
      action: 'patch',
      target_type: 'product',
      target_id: v.id,
      before: { status: v.status },
      after: { status: 'published' },
    });
  },
};

const banner: ReviewTarget = {
  type: 'banner',
  editorRoles: ROLES.banner,
  find: async (db, id) => (await banners.find(db, allOrganizations, [id]))[0] as View | undefined,
  liveField: null,
  isLiveValue: () => false,
  shownOnSite: () => false,
  title: (v) => (v.title as string) ?? null,
  goLive: async () => {},
};

const video: ReviewTarget = {
  type: 'video',
  editorRoles: ROLES.video,
  find: async (db, id) => (await videos.find(db, allOrganizations, [id]))[0] as View | undefined,
  liveField: 'published',
  isLiveValue: truthy,
  shownOnSite: (v) => truthy(v.published),
  title: (v) => (v.title as string) ?? null,
  async goLive(ctx, v) {
    if (truthy(v.published)) return;
    await videos.update(ctx.trx, allOrganizations, v.id, { published: 1, updated_at: nowIso() });
    await ctx.audit({ action: 'patch', target_type: 'video', target_id: v.id, before: { published: false }, after: { published: true } });
  },
};

export const REVIEW_TARGETS: Record<ReviewType, ReviewTarget> = { page, product, banner, video };

export const isReviewType = (t: string): t is ReviewType => Object.hasOwn(REVIEW_TARGETS, t);
