import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Drawer from 'antd/es/drawer';
import Skeleton from 'antd/es/skeleton';
import { api } from '../../lib/api-client.ts';
import { DeviceList, type DeviceRow } from '../../components/devices/device-list.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import './i18n.ts';

const devicesQuery = (adminId: number | null) => ({
  queryKey: ['/api/admin/admin-device/index', adminId],
  queryFn: () => api.get<{ data: DeviceRow[] }>(`/api/admin/admin-device/index/${adminId}`).then((r) => r.data),
  enabled: adminId !== null,
});

/** A super admin's view of another admin's signed-in devices, each with "sign out" (the admin-device calls). */
export function AdminDevicesDrawer({ admin, onClose }: { admin: { id: number; label: string } | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const q = useQuery(devicesQuery(admin?.id ?? null));
  return (
    <Drawer open={admin !== null} onClose={onClose} title={admin ? t('devicesOf', { name: admin.label }) : ''} size="large" destroyOnHidden>
      {q.isPending ? (
        <Skeleton active />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <DeviceList
          devices={q.data}
          logout={async (id) => {
            await api.delete(`/api/admin/admin-device/${id}`);
            await qc.invalidateQueries({ queryKey: devicesQuery(admin?.id ?? null).queryKey });
          }}
        />
      )}
    </Drawer>
  );
}
