import { useEffect, useState } from 'react';
import type { Staff } from '@bo/shared/schemas/staff';
import { photoBlob } from './api.ts';

/**
 * An object URL for a staff's photo (read through the API, it is private), or for a picked file not
 * yet uploaded; revoked when it changes or the component goes. Null while another staff's photo
 * would still show, when there is none, or when it cannot be read.
 */
export function useStaffPhotoUrl(
  staff: Pick<Staff, 'id' | 'has_photo' | 'updated_at'> | undefined,
  pending: File | null = null,
): string | null {
  const [photo, setPhoto] = useState<{ id: number | undefined; url: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: updated_at is a deliberate trigger: a replaced photo keeps the staff id and has_photo, so the photo is read again when the row changes
  useEffect(() => {
    let url: string | null = null;
    let gone = false;
    const id = staff?.id;
    if (pending) {
      url = URL.createObjectURL(pending);
      setPhoto({ id, url });
    } else if (staff?.has_photo) {
      void photoBlob(staff.id)
        .then((f) => {
          if (!gone) {
            url = URL.createObjectURL(f.blob);
            setPhoto({ id, url });
          }
        })
        .catch(() => {
          if (!gone) setPhoto(null);
        });
    } else setPhoto(null);
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [staff?.id, staff?.has_photo, staff?.updated_at, pending]);
  return photo && photo.id === staff?.id ? photo.url : null;
}
