import { ComplianceDashboard } from './compliance-dashboard.tsx';

/** The active organization's compliance dashboard. */
export default function CompliancePage() {
  return (
    <div className="page">
      <ComplianceDashboard scope="organization" />
    </div>
  );
}
