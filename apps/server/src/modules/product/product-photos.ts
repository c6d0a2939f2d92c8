import type { RowReference } from '../../lib/kit/row-references.ts';
import { photoIdsOf, productsMaybeHoldingPhotos, setProductPhotoIds } from './product.repository.ts';

/**
 * A library photo deleted from under a product leaves its photo list, audited unlink_photo on the
 * product: the list is a JSON column, which a declared photo column (`photoReferences`) cannot express.
 */
export const productPhotosReference: RowReference = {
  name: 'products.photo_ids',
  references: 'photos',
  async uses(db, photoIds) {
    const wanted = new Set(photoIds);
    return (await productsMaybeHoldingPhotos(db, [...wanted])).flatMap((r) =>
      photoIdsOf(r.photo_ids)
        .filter((id) => wanted.has(id))
        .map((id) => ({
          referenced_id: id,
          kind: 'product',
          id: r.id,
          label: r.name,
          place: null,
          on_website: r.status === 'published',
          organization_id: null,
        })),
    );
  },
  async release(ctx, photoIds) {
    const gone = new Set(photoIds);
    // The lists are JSON text: a cheap LIKE narrows the rows, the parsed list decides.
    const rows = await productsMaybeHoldingPhotos(ctx.db, [...gone]);
    const now = new Date().toISOString();
    for (const r of rows) {
      const before = photoIdsOf(r.photo_ids);
      const after = before.filter((id) => !gone.has(id));
      if (after.length === before.length) continue;
      await setProductPhotoIds(ctx.db, r.id, after, now);
      await ctx.audit({
        action: 'unlink_photo',
        target_type: 'product',
        target_id: r.id,
        before: { photo_ids: before },
        after: { photo_ids: after },
      });
    }
  },
};
