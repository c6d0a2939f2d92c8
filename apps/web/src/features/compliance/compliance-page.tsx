import { PageHeader } from '../../components/page-header.tsx';
import { ComplianceDashboard } from './compliance-dashboard.tsx';

/** The active organization's compliance dashboard. */
export default function CompliancePage() {
  return (
    <div className="page">
      <PageHeader />
      <ComplianceDashboard scope="organization" />
    </div>
  );
}
