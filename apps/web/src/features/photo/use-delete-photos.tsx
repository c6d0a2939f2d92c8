import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoUses } from '@bo/shared/schemas/photo';
import { toastOutcome } from '../../components/resource/toast-outcome.ts';
import { useConfirmDestructive } from '../../components/resource/use-confirm.tsx';
import { errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { PhotoUsesNotice } from './photo-uses-notice.tsx';
import './i18n.ts';

export interface PhotoDeletion {
  /** What uses the photos (`POST /api/admin/photo/uses`). */
  uses(ids: number[]): Promise<PhotoUses>;
  /** Deletes them; `confirmUses` when the confirmation named uses. */
  remove(ids: number[], confirmUses: boolean): Promise<unknown>;
}

/**
 * Issue 36: deletes photos (one or a selection) after a confirmation that names every use first, the
 * website's called out; photos in use are deleted only with the uses confirmed. Resolves true when
 * the photos are gone.
 */
export function useDeletePhotos({ uses, remove }: PhotoDeletion) {
  const { t } = useTranslation('photo');
  const confirm = useConfirmDestructive();
  return useCallback(
    async (ids: number[], names: string[]): Promise<boolean> => {
      let found: PhotoUses;
      try {
        found = await uses(ids);
      } catch (e) {
        toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
        return false;
      }
      const count = ids.length;
      const inUse = found.data.length > 0 || found.hidden > 0;
      const confirmed = await confirm({
        title: t(inUse ? 'confirmDeleteInUse' : 'confirmDelete', { count }),
        items: names,
        ...(inUse ? { details: <PhotoUsesNotice uses={found} />, okText: t('usesOk') } : {}),
      });
      if (!confirmed) return false;
      return toastOutcome(() => remove(ids, inUse), t('deleted', { count }));
    },
    [confirm, remove, t, uses],
  );
}
