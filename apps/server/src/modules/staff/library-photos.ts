import type { ReadDb } from '../../db/database.ts';
import { listPhotos, photoVariantKey } from '../photo/photo.repository.ts';

/**
 * What staff use of the photo library, in one place: a photo the organization may use (its own or a
 * shared one) and the library's index for the staff form's picker.
 */
export const libraryPhotoKey = (db: ReadDb, organizationId: number, photoId: number): Promise<string | null> =>
  photoVariantKey(db, photoId, 'middle', { usableBy: organizationId });

export const listLibraryPhotos = listPhotos;
