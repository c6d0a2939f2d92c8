import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseMutationResult } from '@tanstack/react-query';
import { toastOutcome } from './toast-outcome.ts';
import { useConfirmDestructive } from './use-confirm.tsx';
import './i18n.ts';

type Remove = () => UseMutationResult<unknown, unknown, { id: number; query?: string }>;
type BatchRemove = () => UseMutationResult<unknown, unknown, { ids: number[] } & Record<string, unknown>>;

/**
 * Deletes one row or a selection after a confirmation naming what goes; toasts the outcome.
 * Resolves true when the rows are gone (callers clear their selection then).
 *
 *   const deleteRows = useDeleteRows(staffApi);
 *   <Button onClick={() => deleteRows(ids, names)} />
 *
 * `texts` words the confirmation and the toast for the resource ("Delete 2 photos?", "2 photos deleted")
 * instead of "Delete?" / "Delete 2 records?" and "Deleted".
 */
export function useDeleteRows(
  resource: { useRemove: Remove; useBatchRemove: BatchRemove },
  texts: { confirm?: (count: number) => string; done?: (count: number) => string } = {},
) {
  const { t } = useTranslation('resource');
  const remove = resource.useRemove();
  const batchRemove = resource.useBatchRemove();
  const confirm = useConfirmDestructive();
  return useCallback(
    async (ids: number[], names: string[]): Promise<boolean> => {
      const count = ids.length;
      const title = texts.confirm?.(count) ?? (count === 1 ? t('confirmDelete') : t('confirmDeleteMany', { count }));
      if (!(await confirm({ title, items: names }))) return false;
      return toastOutcome(
        () => (count === 1 ? remove.mutateAsync({ id: ids[0]! }) : batchRemove.mutateAsync({ ids })),
        texts.done?.(count) ?? t('deleted'),
      );
    },
    [batchRemove, confirm, remove, t, texts.confirm, texts.done],
  );
}
