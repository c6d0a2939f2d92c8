import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import type { AuditChainCheck, AuditChainStatus } from '@bo/shared/schemas/audit-log';
import { formatDateTime } from '../../i18n/dates.ts';
import { ServerSetting } from '../../components/server-setting.tsx';
import { api } from '../../lib/api-client.ts';
import { AUDIT_CHAIN_URL, ageOf, auditChainQuery } from './audit-chain-query.ts';
import './i18n-chain.ts';

/** `daily`, `cli` or `admin:<id>` as the reader says it. */
const whoChecked = (by: string) => (by.startsWith('admin:') ? 'admin' : by);
/** An hour's anchor is keyed YYYY-MM-DDTHH (HH:00 to HH+1:00, Taipei), a day's YYYY-MM-DD. */
const periodOf = (key: string) => (key.includes('T') ? `${key.replace('T', ' ')}:00` : key);

/** The latest anchor: which entry, its hash, and whether (and when) it left this server. */
function AnchorLine({ status }: { status: AuditChainStatus }) {
  const { t } = useTranslation('audit-chain');
  const a = status.last_anchor;
  if (!a) return <div>{t('noAnchor')}</div>;
  const where = a.left_at
    ? t('anchorLeft', { time: formatDateTime(a.left_at, 'YYYY-MM-DD HH:mm') })
    : a.mailed
      ? t('anchorWaiting')
      : t('anchorKeptHere');
  return (
    <div data-testid="audit-chain-anchor">
      {t(a.day.includes('T') ? 'anchorHour' : 'anchorDay', { period: periodOf(a.day), id: a.last_id ?? 0 })}{' '}
      <Typography.Text code copyable className="audit-chain-hash">
        {a.head_hash}
      </Typography.Text>{' '}
      {where}
    </div>
  );
}

/**
 * The audit chain's latest verification on the audit log screen (docs/audit-log.md "The chain"): how old
 * it is, the latest anchor and where anchors go, with a button that walks the chain now. Super admins only.
 */
export function AuditChainStatusBar() {
  const { t } = useTranslation('audit-chain');
  const qc = useQueryClient();
  const q = useQuery(auditChainQuery());
  const verify = useMutation({
    mutationFn: () => api.post<AuditChainCheck>(`${AUDIT_CHAIN_URL}/verify`, {}),
    onSettled: () => qc.invalidateQueries({ queryKey: [AUDIT_CHAIN_URL] }),
  });
  if (q.isPending) return null;
  if (q.isError)
    return <Alert type="warning" showIcon className="audit-chain-status" message={t('loadFailed')} data-testid="audit-chain-status" />;

  const check = q.data.last_check;
  const age = check && ageOf(check.checked_at);
  const values = check && {
    time: formatDateTime(check.checked_at, 'YYYY-MM-DD HH:mm'),
    entries: check.entries.toLocaleString(),
    by: t(`by.${whoChecked(check.checked_by)}`),
    id: check.broken_id,
    problemLabel: check.problem ? t(`problem.${check.problem}`) : '',
    age: age ? t(`age.${age.unit}`, { count: age.count }) : '',
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
      description={
        <>
          <AnchorLine status={q.data} />
          <div data-testid="audit-chain-delivery">
            {t(`delivery.${q.data.anchor_delivery}`)}{' '}
            <ServerSetting env={q.data.anchor_delivery === 'none' ? 'SMTP_URL' : 'AUDIT_ANCHOR_MAIL'} />
          </div>
        </>
      }
      action={
        <Button size="small" loading={verify.isPending} onClick={() => verify.mutate()} data-testid="audit-chain-verify">
          {verify.isPending ? t('verifying') : t('verify')}
        </Button>
      }
    />
  );
}
