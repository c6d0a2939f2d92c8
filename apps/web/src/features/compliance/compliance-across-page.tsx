import { ComplianceDashboard } from './compliance-dashboard.tsx';

/** Every organization's compliance, for the company-wide safety officer (ROLE_STAFF) and super admins. */
export default function ComplianceAcrossPage() {
  return (
    <div className="page">
      <ComplianceDashboard scope="across" />
    </div>
  );
}
