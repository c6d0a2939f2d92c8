import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

export interface OrganizationOption {
  id: number;
  name: string;
  company_id: string | null;
  status: string;
}

/** Every organization for a super admin (GET /api/admin/account/organizations answers all of them). */
export const organizationOptionsQuery = () =>
  queryOptions({
    queryKey: ['account', 'organizations', 'options'],
    queryFn: () => api.get<{ organizations: OrganizationOption[] }>('/api/admin/account/organizations').then((r) => r.organizations),
    staleTime: 60_000,
  });
