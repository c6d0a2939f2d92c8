import { PageHeader } from '../../components/page-header.tsx';
import { ComplianceDashboard } from './compliance-dashboard.tsx';

/** Every organization's compliance, for the company-wide safety officer (ROLE_STAFF) and super admins. */
export default function ComplianceAcrossPage() {
  return (
    <div className="page">
      <PageHeader />
      <ComplianceDashboard scope="across" />
    </div>
  );
}
