import type { RowReference } from '../../lib/kit/row-references.ts';
import { staffPicturedBy, unlinkLibraryPhotos } from './staff.repository.ts';

/** Staff pictured by a library photo being deleted have none left (has_photo false, nothing dangling in exports). */
export const libraryPhotoReference: RowReference = {
  name: 'staff.photo_id',
  references: 'photos',
  async uses(db, photoIds) {
    return (await staffPicturedBy(db, photoIds)).map((s) => ({
      referenced_id: s.photo_id as number,
      kind: 'staff',
      id: s.id,
      label: s.name,
      place: null,
      on_website: false,
      organization_id: s.organization_id,
    }));
  },
  async release(ctx, photoIds) {
    // Recorded under each staff's own organization: a shared photo can picture staff of several.
    for (const s of await unlinkLibraryPhotos(ctx.db, [...photoIds])) {
      await ctx.audit({
        action: 'unlink_photo',
        target_type: 'staff',
        target_id: s.id,
        organization_id: s.organization_id,
        before: { photo_id: s.photo_id },
        after: { photo_id: null },
      });
    }
  },
};
