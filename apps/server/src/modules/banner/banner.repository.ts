import type { Selectable } from 'kysely';
import { todayInTaipei } from '@bo/shared/dates';
import type { Banner, BannerPosition } from '@bo/shared/schemas/banner';
import type { ReadDb } from '../../db/database.ts';
import type { BannersTable } from '../../db/tables/site-content.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import { photoSummaries } from '../photo/content-photos.ts';

type Row = Selectable<BannersTable>;

/** Inside its dates on `today` (Taipei days, both ends inclusive; no bound is open). */
export const insideDates = (r: Pick<Row, 'starts_on' | 'ends_on'>, today: string) =>
  (r.starts_on === null || r.starts_on <= today) && (r.ends_on === null || r.ends_on >= today);

async function toBanners(rows: Row[], db: ReadDb): Promise<Banner[]> {
  const pictures = await photoSummaries(
    db,
    rows.map((r) => r.photo_id),
  );
  const today = todayInTaipei();
  return rows.map((r) => {
    const photo = r.photo_id === null ? null : (pictures.get(r.photo_id) ?? null);
    return { ...r, position: r.position as BannerPosition, photo, active: photo !== null && insideDates(r, today) };
  });
}

/** The site's banners (no organization). */
export const banners = scopedTable<Banner, Row>({
  table: 'banners',
  alias: 'b',
  organizationColumn: null,
  toView: toBanners,
  sortColumns: {
    sort_order: 'b.sort_order',
    id: 'b.id',
    title: 'b.title',
    starts_on: 'b.starts_on',
    ends_on: 'b.ends_on',
    updated_at: 'b.updated_at',
  },
  keywordColumns: ['b.title', 'b.title_en', 'b.link'],
});

/** The list's state filter: active, scheduled (starts later) or ended, as of `today`. */
export function whereState<Q extends { where: (...a: any[]) => Q }>(
  qb: Q,
  state: 'active' | 'scheduled' | 'ended' | undefined,
  today: string,
): Q {
  if (state === 'scheduled') return qb.where('b.starts_on', '>', today);
  if (state === 'ended') return qb.where('b.ends_on', '<', today);
  if (state === 'active')
    return qb
      .where((eb: any) => eb.or([eb('b.starts_on', 'is', null), eb('b.starts_on', '<=', today)]))
      .where((eb: any) => eb.or([eb('b.ends_on', 'is', null), eb('b.ends_on', '>=', today)]));
  return qb;
}
