import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import type { AuditChainCheck, AuditChainStatus } from '@bo/shared/schemas/audit-log';
import { formatDateTime } from '../../i18n/dates.ts';
import { api } from '../../lib/api-client.ts';
import './i18n-chain.ts';

const URL = '/api/admin/audit-log/chain';
const KEY = [URL];

/** `daily`, `cli` or `admin:<id>` as the reader says it. */
const whoChecked = (by: string) => (by.startsWith('admin:') ? 'admin' : by);

/**
 * The audit chain's latest verification on the audit log screen (docs/audit-log.md "The chain"), with a
 * button that walks the chain now. Super admins only, as the screen.
 */
export function AuditChainStatusBar() {
  const { t } = useTranslation('audit-chain');
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: () => api.get<AuditChainStatus>(URL) });
  const verify = useMutation({
    mutationFn: () => api.post<AuditChainCheck>(`${URL}/verify`, {}),
    onSettled: () => qc.invalidateQueries({ queryKey: KEY }),
  });
  if (q.isPending) return null;
  if (q.isError)
    return <Alert type="warning" showIcon className="audit-chain-status" message={t('loadFailed')} data-testid="audit-chain-status" />;

  const check = q.data.last_check;
  const anchor = q.data.last_anchor;
  const values = check && {
    time: formatDateTime(check.checked_at, 'YYYY-MM-DD HH:mm'),
    entries: check.entries.toLocaleString(),
    by: t(`by.${whoChecked(check.checked_by)}`),
    id: check.broken_id,
    problemLabel: check.problem ? t(`problem.${check.problem}`) : '',
  };
  const message = !check
    ? t('never')
    : check.status === 'ok'
      ? t('intact', values ?? {})
      : t(check.broken_id === null ? 'brokenNoId' : 'broken', values ?? {});
  return (
    <Alert
      className="audit-chain-status"
      data-testid="audit-chain-status"
      showIcon
      icon={<SafetyCertificateOutlined />}
      type={!check ? 'info' : check.status === 'ok' ? 'success' : 'error'}
      message={message}
      description={anchor?.last_id ? t('anchor', { day: anchor.day, id: anchor.last_id }) : undefined}
      action={
        <Button size="small" loading={verify.isPending} onClick={() => verify.mutate()} data-testid="audit-chain-verify">
          {verify.isPending ? t('verifying') : t('verify')}
        </Button>
      }
    />
  );
}
