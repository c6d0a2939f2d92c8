import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import AntApp from 'antd/es/app';
import { api, errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { DeviceList } from '../../components/devices/device-list.tsx';
import { useIdentityProof } from '../../components/identity/with-identity-proof.tsx';
import { loginDevicesQuery, useLogoutDevice } from './api.ts';
import './i18n-identity.ts';

// antd's Result (with its illustrations) only when the list fails to load.
const ErrorState = lazy(() => import('../../components/error-state.tsx').then((m) => ({ default: m.ErrorState })));

/** The profile's signed-in devices, with "sign out all other devices" behind verify identity (issue 10). */
export function LoginDevices() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { modal } = AntApp.useApp();
  const q = useQuery(loginDevicesQuery());
  const logout = useLogoutDevice();
  const proof = useIdentityProof();
  if (q.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (q.isError)
    return (
      <Suspense fallback={null}>
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      </Suspense>
    );
  const others = q.data.filter((d) => !d.current).length;
  const logoutOthers = () =>
    modal.confirm({
      title: t('devices.othersConfirm', { ns: 'identity', count: others }),
      // Not awaited: the confirmation closes first, so the verify-identity dialog it may open is on top.
      onOk: () => {
        void (async () => {
          try {
            await proof.run(() => api.delete('/api/admin/account/other-devices'));
            await qc.invalidateQueries({ queryKey: loginDevicesQuery().queryKey });
            toast.success({ title: t('devices.othersDone', { ns: 'identity' }), duration: SHELL_TOAST.duration });
          } catch (e) {
            toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
          }
        })();
      },
    });
  return (
    <>
      {proof.dialog}
      <DeviceList
        devices={q.data}
        logout={(id) => logout.mutateAsync(id)}
        footer={
          others > 0 ? (
            <Button danger onClick={logoutOthers} data-testid="logout-other-devices">
              {t('devices.others', { ns: 'identity' })}
            </Button>
          ) : undefined
        }
      />
    </>
  );
}
