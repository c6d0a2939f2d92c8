import { PageHeader } from '../../components/page-header.tsx';
import { useParams } from 'react-router';
import { ComplianceDashboard } from './compliance-dashboard.tsx';

/** One site's compliance dashboard (/admin/sites/:id/compliance, linked from the site page). */
export default function ComplianceSitePage() {
  const { id } = useParams();
  const siteId = Number(id);
  return (
    <div className="page">
      <PageHeader />
      <ComplianceDashboard key={siteId} scope="organization" siteId={Number.isInteger(siteId) && siteId > 0 ? siteId : undefined} />
    </div>
  );
}
