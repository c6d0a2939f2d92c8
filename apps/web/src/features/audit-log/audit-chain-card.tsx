import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import { formatDateTime } from '../../i18n/dates.ts';
import { adminPath } from '../../lib/feature.ts';
import { auditChainQuery } from './audit-chain-query.ts';
import './i18n-chain.ts';

/**
 * Overview card for super admins (issue 34): while the latest check of the audit chain found it broken,
 * where and what, with a link to the audit log; nothing while the chain holds (or was never checked).
 */
export function AuditChainCard() {
  const { t } = useTranslation('audit-chain');
  const q = useQuery(auditChainQuery());
  const check = q.data?.last_check;
  if (check?.status !== 'broken') return null;
  const values = {
    id: check.broken_id,
    time: formatDateTime(check.checked_at, 'YYYY-MM-DD HH:mm'),
    problemLabel: check.problem ? t(`problem.${check.problem}`) : '',
  };
  return (
    <Card
      title={
        <span>
          <SafetyCertificateOutlined /> {t('heading')}
        </span>
      }
      className="full-height"
      data-testid="audit-chain-card"
      extra={<Link to={adminPath('audit-log')}>{t('card.open')}</Link>}
    >
      <Alert
        type="error"
        showIcon
        title={t(check.broken_id === null ? 'card.brokenNoId' : 'card.broken', values)}
        description={t('card.what')}
      />
    </Card>
  );
}
