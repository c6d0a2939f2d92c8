import type { Selectable } from 'kysely';
import type { Video } from '@bo/shared/schemas/video';
import type { ReadDb } from '../../db/database.ts';
import type { VideosTable } from '../../db/tables/site-content.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import { photoSummaries } from '../photo/content-photos.ts';

type Row = Selectable<VideosTable>;

export async function toVideos(rows: Row[], db: ReadDb): Promise<Video[]> {
  const pictures = await photoSummaries(
    db,
    rows.map((r) => r.photo_id),
  );
  return rows.map((r) => ({
    ...r,
    published: r.published === 1,
    photo: r.photo_id === null ? null : (pictures.get(r.photo_id) ?? null),
  }));
}

/** The site's videos (no organization). */
export const videos = scopedTable<Video, Row>({
  table: 'videos',
  alias: 'v',
  organizationColumn: null,
  toView: toVideos,
  sortColumns: { sort_order: 'v.sort_order', id: 'v.id', title: 'v.title', created_at: 'v.created_at', updated_at: 'v.updated_at' },
  keywordColumns: ['v.title', 'v.title_en', 'v.youtube_id'],
});
