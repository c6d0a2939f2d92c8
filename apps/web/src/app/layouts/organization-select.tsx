import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Select from 'antd/es/select';
import { organizationLabel, useActiveOrganization } from '../../lib/session.ts';
import { toast, SHELL_TOAST } from '../../lib/toast.ts';
import { errorText } from '../../lib/api-client.ts';
import { confirmLeave } from '../../lib/unsaved-changes.ts';

/** The header's organization select, loaded when first used (organization-switcher.tsx). */
export default function OrganizationSelect({ used }: { used: { open: boolean } | null }) {
  const { t } = useTranslation();
  const { organization, organizations, switchTo } = useActiveOrganization();
  const [busy, setBusy] = useState(false);
  return (
    <Select
      className="org-switcher"
      data-testid="organization-switcher"
      aria-label={t('header.switchOrganization')}
      value={organization?.id}
      placeholder={t('header.noOrganization')}
      loading={busy}
      disabled={busy}
      // Replacing the closed select the user pressed or tabbed to: focused, and open after a press.
      autoFocus={used !== null}
      defaultOpen={used?.open ?? false}
      popupMatchSelectWidth={false}
      showSearch={organizations.length > 6 ? { optionFilterProp: 'label' } : undefined}
      options={organizations.map((o) => ({ value: o.id, label: organizationLabel(o) }))}
      onChange={async (id: number) => {
        // The select is controlled: staying on unsaved work keeps the current organization shown.
        if (!(await confirmLeave('organization'))) return;
        setBusy(true);
        try {
          await switchTo(id);
          const next = organizations.find((o) => o.id === id);
          toast.success({ title: t('header.switched', { name: next ? organizationLabel(next) : id }), duration: SHELL_TOAST.duration });
        } catch (e) {
          toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
