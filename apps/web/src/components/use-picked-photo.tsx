import { useState } from 'react';
import type { PhotoSummary } from '@bo/shared/schemas/photo';
import { PhotoLibraryPicker, type LibraryPhoto } from './photo-library-picker.tsx';

export type ShownPhoto = Pick<PhotoSummary, 'id' | 'title' | 'alt' | 'size_list'>;

/**
 * A photo-id input's library picker: the photo to show for `value` (the one just picked, else the
 * `known` one the record carries), `pick()` opens the library and `picker` is the dialog to render.
 */
export function usePickedPhoto(
  value: number | null | undefined,
  known: ShownPhoto | null | undefined,
  onChange?: (v: number | null) => void,
) {
  const [picked, setPicked] = useState<ShownPhoto | null>(null);
  const [open, setOpen] = useState(false);
  const shown = value == null ? null : picked?.id === value ? picked : known?.id === value ? known : null;
  const picker = (
    <PhotoLibraryPicker
      open={open}
      onClose={() => setOpen(false)}
      onPick={(p: LibraryPhoto) => {
        setPicked(p);
        setOpen(false);
        onChange?.(p.id);
      }}
    />
  );
  return { shown, pick: () => setOpen(true), picker };
}
