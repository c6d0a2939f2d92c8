import { loadOrganizations } from '../../lib/session.ts';
import type { AdminOrganization, AdminOrganizationDetail, AdminOrganizationInput } from '@bo/shared/schemas/organization';
import { createResourceApi } from '../../components/resource/resource-api.ts';

export type { AdminOrganization, AdminOrganizationDetail, AdminOrganizationInput };
export const adminOrganizationApi = createResourceApi<AdminOrganizationDetail, AdminOrganizationInput>('/api/admin/admin-organization', {
  target: 'organization',
});

/** The header's organization switcher and every organization picker follow a change at once. */
export function refreshOrganizationLists(qc: import('@tanstack/react-query').QueryClient): void {
  void loadOrganizations(null);
  void qc.invalidateQueries({ queryKey: ['account', 'organizations'] });
}
