import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Admin, AdminInput, PasswordMail, RoleOption } from '@bo/shared/schemas/admin';
import { api } from '../../lib/api-client.ts';
import { createResourceApi } from '../../components/resource/resource-api.ts';

export type { Admin, AdminInput, RoleOption };
export const adminApi = createResourceApi<Admin, AdminInput, Admin & { invitation: PasswordMail }>('/api/admin/admin');

export const adminRolesQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/admin', 'roles'],
    queryFn: () => api.get<{ data: RoleOption[] }>('/api/admin/admin/roles').then((r) => r.data),
    staleTime: 5 * 60_000,
  });
export const subAccountRolesQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/admin', 'sub-account-roles'],
    queryFn: () => api.get<{ data: RoleOption[] }>('/api/admin/admin/sub-account-roles').then((r) => r.data),
    staleTime: 5 * 60_000,
  });

export function useResetAdminPassword() {
  return useMutation({ mutationFn: (id: number) => api.patch<PasswordMail>(`/api/admin/admin/${id}/reset-password`, {}) });
}
