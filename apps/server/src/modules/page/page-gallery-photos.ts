import type { RowReference } from '../../lib/kit/row-references.ts';
import { galleryIds, pagesMaybeShowingPhotos, setPageGallery } from './page.repository.ts';

/**
 * A project case's gallery showing a library photo being deleted: named among the photo's uses
 * (`page_gallery`, on the website while the page is published) and let go of, audited unlink_photo on
 * the page. The gallery is a JSON list, which a declared photo column cannot express.
 */
export const pageGalleryReference: RowReference = {
  name: 'pages.gallery',
  references: 'photos',
  async uses(db, photoIds) {
    const wanted = new Set(photoIds);
    return (await pagesMaybeShowingPhotos(db, [...wanted])).flatMap((p) =>
      galleryIds(p.gallery)
        .filter((id) => wanted.has(id))
        .map((id) => ({
          referenced_id: id,
          kind: 'page_gallery',
          id: p.id,
          label: p.title,
          place: null,
          on_website: p.status === 'published',
          organization_id: null,
        })),
    );
  },
  async release(ctx, photoIds) {
    const gone = new Set(photoIds);
    const now = new Date().toISOString();
    for (const p of await pagesMaybeShowingPhotos(ctx.db, [...gone])) {
      const before = galleryIds(p.gallery);
      const after = before.filter((id) => !gone.has(id));
      if (after.length === before.length) continue;
      await setPageGallery(ctx.db, p.id, after, now);
      await ctx.audit({
        action: 'unlink_photo',
        target_type: 'page',
        target_id: p.id,
        before: { gallery: before },
        after: { gallery: after },
      });
    }
  },
};
