import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import List from 'antd/es/list';
import Skeleton from 'antd/es/skeleton';
import type { LinkedIdentity, OAuthProviderName } from '@bo/shared/schemas/account';
import { api, errorText } from '../../lib/api-client.ts';
import { useSettings } from '../../lib/settings.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { useIdentityProof } from '../../components/identity/with-identity-proof.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { startOAuth } from './oauth-flow.ts';
import './i18n-identity.ts';

const NAMES: Record<OAuthProviderName, string> = { google: 'Google', facebook: 'Facebook', line: 'LINE' };
const KEY = ['account', 'identities'];

/** Profile card: the providers configured on the server, each linked or not; both ways behind verify identity. */
export function LinkedAccounts() {
  const { t } = useTranslation('identity');
  const { settings } = useSettings();
  const qc = useQueryClient();
  const { modal } = AntApp.useApp();
  const proof = useIdentityProof();
  const [busy, setBusy] = useState<OAuthProviderName | null>(null);
  const q = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ data: LinkedIdentity[] }>('/api/admin/account/identities').then((r) => r.data),
  });
  const providers = settings.admin_oauth_providers;
  if (!providers.length) return <p className="muted">{t('linked.none')}</p>;
  if (q.isPending) return <Skeleton active />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;

  const act = async (p: OAuthProviderName, action: () => Promise<void>) => {
    setBusy(p);
    try {
      await proof.run(action);
    } catch (e) {
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    } finally {
      setBusy(null);
    }
  };
  const link = (p: OAuthProviderName) => act(p, () => startOAuth(p, { purpose: 'link', keepLogin: false, redirect: null }));
  const unlink = (p: OAuthProviderName) =>
    modal.confirm({
      title: t('linked.unlinkConfirm', { provider: NAMES[p] }),
      // Not awaited: the confirmation closes first, so the verify-identity dialog it may open is on top.
      onOk: () => {
        void act(p, async () => {
          await api.delete(`/api/admin/account/identities/${p}`);
          await qc.invalidateQueries({ queryKey: KEY });
          toast.success({ title: t('linked.unlinked', { provider: NAMES[p] }), duration: SHELL_TOAST.duration });
        });
      },
    });

  return (
    <>
      {proof.dialog}
      <p className="muted">{t('linked.intro')}</p>
      <List
        dataSource={providers}
        renderItem={(p) => {
          const linked = q.data.find((i) => i.provider === p);
          return (
            <List.Item
              data-testid={`linked-${p}`}
              actions={[
                linked ? (
                  <Button
                    key="unlink"
                    danger
                    loading={busy === p}
                    onClick={() => unlink(p)}
                    aria-label={`${t('linked.unlink')} ${NAMES[p]}`}
                  >
                    {t('linked.unlink')}
                  </Button>
                ) : (
                  <Button
                    key="link"
                    loading={busy === p}
                    onClick={() => void link(p)}
                    data-testid={`link-${p}`}
                    aria-label={`${t('linked.link')} ${NAMES[p]}`}
                  >
                    {t('linked.link')}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                avatar={<span className={`provider-mark btn-${p}`} aria-hidden />}
                title={NAMES[p]}
                description={
                  linked
                    ? `${t('linked.linkedAs', { who: linked.email ?? linked.name ?? '' })} · ${formatDateTime(linked.created_at)}`
                    : t('linked.notLinked')
                }
              />
            </List.Item>
          );
        }}
      />
    </>
  );
}
