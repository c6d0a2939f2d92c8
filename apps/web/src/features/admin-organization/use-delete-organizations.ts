import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { organizationLabel } from '@bo/shared/schemas/organization';
import { errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useConfirmDestructive } from '../../components/resource/use-confirm.tsx';
import { adminOrganizationApi, refreshOrganizationLists, type AdminOrganization } from './api.ts';
import './i18n.ts';

/**
 * Deleting organizations names what goes along (members, staff, spreadsheets, photos, files: the
 * server's GET :id counts them) and then sends the explicit confirmation the server requires.
 */
export function useDeleteOrganizations() {
  const { t } = useTranslation('admin-organization');
  const { t: tr } = useTranslation('resource');
  const qc = useQueryClient();
  const confirm = useConfirmDestructive();
  const remove = adminOrganizationApi.useRemove();
  const batchRemove = adminOrganizationApi.useBatchRemove();
  return async (orgs: Pick<AdminOrganization, 'id' | 'name' | 'company_id'>[]): Promise<boolean> => {
    let totals: Record<string, number> = {};
    try {
      const details = await Promise.all(orgs.map((o) => qc.fetchQuery({ ...adminOrganizationApi.one(o.id), staleTime: 0 })));
      for (const d of details) for (const [k, n] of Object.entries(d.dependents ?? {})) totals[k] = (totals[k] ?? 0) + n;
    } catch (e) {
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
      return false;
    }
    totals = Object.fromEntries(Object.entries(totals).filter(([, n]) => n > 0));
    const ok = await confirm({
      title: orgs.length === 1 ? tr('confirmDelete') : t('confirmDelete', { count: orgs.length }),
      items: orgs.map(organizationLabel),
      alsoGoes: Object.entries(totals).map(([k, n]) => t(`dependents.${k}`, { count: n, defaultValue: `${k}: ${n}` })),
    });
    if (!ok) return false;
    try {
      if (orgs.length === 1) await remove.mutateAsync({ id: orgs[0].id, query: '?confirm=true' });
      else await batchRemove.mutateAsync({ ids: orgs.map((o) => o.id), confirm: true });
      toast.success({ title: tr('deleted'), duration: SHELL_TOAST.duration });
      refreshOrganizationLists(qc);
      return true;
    } catch (e) {
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
      return false;
    }
  };
}
