import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import { ROLES } from '@bo/shared/permissions';
import type { RecordSectionProps } from '../../lib/feature.ts';
import { useSession } from '../../lib/session.ts';
import { DownloadProgress, useDownloads } from '../../components/download-progress.tsx';
import { EvidenceTable } from './evidence-table.tsx';
import { visibleKinds } from './evidence-fields.ts';
import './i18n.ts';
import './staff-evidence.css';

/** The staff form's tabs 訓練紀錄, 健康檢查, 保險 and (for a migrant worker) 移工文件, each saved on its own. */
export default function StaffEvidenceSection({ record, canWrite }: RecordSectionProps) {
  const { t } = useTranslation('staff-evidence');
  const canReveal = useSession().can(ROLES.personalDataReveal);
  const downloads = useDownloads();
  return (
    <Card className="staff-evidence" title={<h2 className="staff-evidence-title">{t('title')}</h2>} data-testid="staff-evidence">
      <Tabs
        destroyOnHidden
        items={visibleKinds(record).map((kind) => ({
          key: kind,
          label: t(`tabs.${kind}`),
          children: <EvidenceTable staffId={record.id} kind={kind} canWrite={canWrite} canReveal={canReveal} downloads={downloads} />,
        }))}
      />
      <DownloadProgress jobs={downloads.jobs} testId="evidence-download-progress" />
    </Card>
  );
}
