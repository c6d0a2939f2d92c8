import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Tooltip from 'antd/es/tooltip';
import EditOutlined from '@ant-design/icons/EditOutlined';
import { editLeaseListResponse, type EditLeaseListItem } from '@bo/shared/schemas/edit-leases';
import { api } from '../../lib/api-client.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { EDIT_LEASES_PATH, editLeasePollMs } from './use-edit-lease.ts';
import './i18n.ts';

/** A list's records, named as the audit names them; their rows get a marker while someone edits them. */
export interface EditLeaseListTarget {
  targetType: string;
  organization?: boolean;
}

/** The active leases on one page of rows: one call per page (and per heartbeat period), never per row. */
export function useEditLeaseMarkers(target: EditLeaseListTarget | undefined, ids: readonly number[]): Map<number, EditLeaseListItem> {
  const key = [...ids].sort((a, b) => a - b).join(',');
  const targetType = target?.targetType;
  const organization = !!target?.organization;
  const [leases, setLeases] = useState<EditLeaseListItem[]>([]);
  useEffect(() => {
    setLeases([]);
    if (!targetType || key === '') return;
    let live = true;
    const load = () =>
      api
        .get<unknown>(EDIT_LEASES_PATH, { target_type: targetType, ids: key }, { organization, silent: true })
        .then((r) => {
          const parsed = editLeaseListResponse.safeParse(r);
          if (live && parsed.success) setLeases(parsed.data.data);
        })
        .catch(() => undefined);
    void load();
    const timer = setInterval(() => void load(), editLeasePollMs());
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [targetType, organization, key]);
  return useMemo(() => {
    const byId = new Map<number, EditLeaseListItem>();
    for (const l of leases) if (!byId.has(Number(l.target_id))) byId.set(Number(l.target_id), l);
    return byId;
  }, [leases]);
}

/** The pencil beside a row someone is editing; its tooltip (and label) says who, since when. */
export function EditLeaseMarker({ lease }: { lease: EditLeaseListItem }) {
  const { t } = useTranslation('edit_lease');
  const text = t('marker', { name: lease.admin.name, time: formatDateTime(lease.since, 'HH:mm') });
  return (
    <Tooltip title={text}>
      <EditOutlined className="edit-lease-marker" role="img" aria-label={text} tabIndex={0} data-testid="edit-lease-marker" />
    </Tooltip>
  );
}
