import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import type { MemberStatus } from '@bo/shared/schemas/member';
import type { BatchActionContext } from '../../components/resource/resource-table.tsx';
import { toastOutcome } from '../../components/resource/toast-outcome.ts';
import { useConfirmDestructive } from '../../components/resource/use-confirm.tsx';
import { memberApi, type Member } from './api.ts';
import '../../components/resource/i18n.ts';
import './i18n.ts';

export const memberLabel = (m: Pick<Member, 'name' | 'email'>) => (m.name ? `${m.name} <${m.email}>` : m.email);

/**
 * "Enable" and "disable" for the selected members. Disabling signs them out everywhere, so it asks
 * first, naming them.
 */
export function MemberBatchStatus({ ids, rows, clear }: BatchActionContext<Member>) {
  const { t } = useTranslation('member');
  const { t: tr } = useTranslation('resource');
  const patch = memberApi.useBatchPatch();
  const confirm = useConfirmDestructive();
  const set = async (status: MemberStatus) => {
    if (
      status === 'disabled' &&
      !(await confirm({
        title: t('confirmDisable', { count: ids.length }),
        items: rows.map(memberLabel),
        itemsLabel: t('willDisable'),
        note: t('disableNote'),
        okText: t('disable'),
      }))
    )
      return;
    if (await toastOutcome(() => patch.mutateAsync({ ids, field: 'status', value: status }), tr('updated'))) clear();
  };
  return (
    <>
      <Button onClick={() => void set('active')} disabled={patch.isPending} data-testid="batch-enable">
        {t('enable')}
      </Button>
      <Button onClick={() => void set('disabled')} disabled={patch.isPending} data-testid="batch-disable">
        {t('disable')}
      </Button>
    </>
  );
}
