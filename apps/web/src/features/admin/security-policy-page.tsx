import { useEffect, useState } from 'react';
import { versionOf } from '../../components/resource/record-version.ts';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Skeleton from 'antd/es/skeleton';
import { ADMIN_ROLES, ROLE_LABELS, SUB_ACCOUNT_ROLES, type Role } from '@bo/shared/roles';
import { api, errorText } from '../../lib/api-client.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import '../../components/identity/i18n-two-factor.ts';

const URL = '/api/admin/app-config/app';
const KEY = ['app-config', 'app'];
interface AppConfigAnswer {
  config: { twoFactorRequiredRoles: Role[] };
}

/** /admin/security: the roles whose holders must sign in with two-factor (app config twoFactorRequiredRoles, issue 10). */
export default function SecurityPolicyPage() {
  const { t } = useTranslation('two-factor');
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: () => api.get<AppConfigAnswer>(URL) });
  const [roles, setRoles] = useState<Role[] | null>(null);
  const stored = q.data?.config.twoFactorRequiredRoles;
  useEffect(() => {
    if (stored) setRoles(stored);
  }, [stored]);
  const dirty = !!roles && !!stored && [...roles].sort().join() !== [...stored].sort().join();
  const unsaved = useUnsavedChanges(dirty);
  const save = useMutation({
    mutationFn: (next: Role[]) =>
      api.put<AppConfigAnswer>(`${URL}/update`, { twoFactorRequiredRoles: next }, { version: versionOf(q.data) }),
    // The answer carries no version: the config is read again for the next save's (issue 36).
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
  const lang = currentLanguage();
  const group = (label: string, options: readonly Role[]) => (
    <fieldset className="policy-roles">
      <legend>{label}</legend>
      <Checkbox.Group
        value={roles ?? []}
        onChange={(v) => setRoles(v as Role[])}
        options={options.map((r) => ({ value: r, label: ROLE_LABELS[r][lang] }))}
        disabled={save.isPending}
      />
    </fieldset>
  );

  return (
    <div className="page security-policy-page">
      <PageHeader />
      <Card title={t('policy.heading')}>
        {q.isPending || !roles ? (
          q.isError ? (
            <ErrorState error={q.error} onRetry={() => void q.refetch()} />
          ) : (
            <Skeleton active />
          )
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              unsaved
                .whileSaving(() => save.mutateAsync(roles))
                .then(
                  () => toast.success({ title: t('policy.saved'), duration: SHELL_TOAST.duration }),
                  (err) => toast.error({ title: errorText(err), duration: SHELL_TOAST.duration }),
                );
            }}
          >
            <p className="muted">{t('policy.intro')}</p>
            {group(t('policy.adminRoles'), ADMIN_ROLES)}
            {group(t('policy.subAccountRoles'), SUB_ACCOUNT_ROLES)}
            {roles.length === 0 ? <Alert type="info" showIcon message={t('policy.none')} style={{ margin: '12px 0' }} /> : null}
            <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty} data-testid="policy-save">
              {t('policy.save')}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
