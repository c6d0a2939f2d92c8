import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AdminStatus } from '@bo/shared/schemas/admin';
import { toastOutcome } from '../../components/resource/toast-outcome.ts';
import { useConfirmDestructive } from '../../components/resource/use-confirm.tsx';
import '../../components/resource/i18n.ts';
import './i18n.ts';

type BatchPatch = () => UseMutationResult<unknown, unknown, { ids: number[]; field: string; value: unknown }>;

/**
 * Enables or disables a selection of admins; disabling (which locks them out) first asks, naming
 * them. Resolves true when done (callers clear their selection then).
 *
 *   const setStatus = useBatchStatus(adminApi);
 *   <Button onClick={() => setStatus(ids, names, 'disabled')} />
 */
export function useBatchStatus(resource: { useBatchPatch: BatchPatch }) {
  const { t } = useTranslation('admin');
  const { t: tr } = useTranslation('resource');
  const batchPatch = resource.useBatchPatch();
  const confirm = useConfirmDestructive();
  return useCallback(
    async (ids: number[], names: string[], status: AdminStatus): Promise<boolean> => {
      if (
        status === 'disabled' &&
        !(await confirm({
          title: t('confirmDisable', { count: ids.length }),
          items: names,
          itemsLabel: t('willDisable'),
          note: t('disableNote'),
          okText: t('disable'),
        }))
      )
        return false;
      return toastOutcome(() => batchPatch.mutateAsync({ ids, field: 'status', value: status }), tr('updated'));
    },
    [batchPatch, confirm, t, tr],
  );
}
