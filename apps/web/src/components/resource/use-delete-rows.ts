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
 */
export function useDeleteRows(resource: { useRemove: Remove; useBatchRemove: BatchRemove }) {
  const { t } = useTranslation('resource');
  const remove = resource.useRemove();
  const batchRemove = resource.useBatchRemove();
  const confirm = useConfirmDestructive();
  return useCallback(async (ids: number[], names: string[]): Promise<boolean> => {
    if (!(await confirm({ title: ids.length === 1 ? t('confirmDelete') : t('confirmDeleteMany', { count: ids.length }), items: names }))) return false;
    return toastOutcome(() => (ids.length === 1 ? remove.mutateAsync({ id: ids[0]! }) : batchRemove.mutateAsync({ ids })), t('deleted'));
  }, [batchRemove, confirm, remove, t]);
}
