import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import type { InterruptedRun, WorkRunKind } from '@bo/shared/schemas/work-runs';
import { api } from '../lib/api-client.ts';
import { useActiveOrganization } from '../lib/session.ts';
import { formatDateTime } from '../i18n/dates.ts';

const BASE = '/api/admin/work-runs/interrupted';
const queryKey = (kind: WorkRunKind) => [BASE, kind];

/**
 * Issue 33: the signed-in admin's work of `kind` that the server's process was stopped in the middle
 * of (a kill, a power cut), in the active organization. Nothing of it was kept; the notice says so
 * until the admin closes it.
 */
export function InterruptedWorkNotice({ kind }: { kind: WorkRunKind }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { organization } = useActiveOrganization();
  const { data } = useQuery({
    queryKey: queryKey(kind),
    queryFn: () => api.get<{ data: InterruptedRun[] }>(BASE, { kind }),
    staleTime: 60_000,
  });
  const dismiss = async (id: number) => {
    await api.delete(`${BASE}/${id}`).catch(() => undefined);
    await client.invalidateQueries({ queryKey: queryKey(kind) });
  };
  // Work of another organization is told on that organization's screen.
  const runs = (data?.data ?? []).filter((r) => r.organization_id === null || !organization || r.organization_id === organization.id);
  if (!runs.length) return null;
  return (
    <>
      {runs.map((run) => (
        <Alert
          key={run.id}
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          data-testid="interrupted-work"
          title={t('work_run.title')}
          description={t(run.key, { file: run.file_name ?? '', time: formatDateTime(run.started_at) })}
          closable={{ 'aria-label': t('work_run.dismiss'), onClose: () => void dismiss(run.id) }}
        />
      ))}
    </>
  );
}
