import type { PasswordMail } from '@bo/shared/schemas/admin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationMemberView } from '@bo/shared/schemas/organization-members';
import { api } from '../../lib/api-client.ts';

export type Member = OrganizationMemberView;
const BASE = '/api/admin/organization/member';
const opts = { organization: true } as const;

/** Members of the active organization (its admin or a super admin acting in it). */
export const membersQuery = (organizationId: number | undefined) =>
  queryOptions({
    queryKey: [BASE, organizationId],
    queryFn: () =>
      api.get<{ data: Member[]; meta: { total: number } }>(`${BASE}/index`, { per_page: 100, sort: 'name', order: 'asc' }, opts),
    enabled: !!organizationId,
  });

export function useMemberMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([qc.invalidateQueries({ queryKey: [BASE] }), qc.invalidateQueries({ queryKey: ['account', 'organization'] })]);
  return {
    invite: useMutation({
      mutationFn: (body: { email: string; name: string; sub_account_roles: string[] }) =>
        api.post<{ member: Member; invitation: PasswordMail }>(`${BASE}/invite`, body, opts),
      onSuccess: done,
    }),
    /** Issue 26: a fresh invitation (the previous link dies); the answer holds the link when mail cannot go out. */
    resend: useMutation({
      mutationFn: (id: number) => api.post<PasswordMail>(`${BASE}/${id}/invitation`, {}, opts),
      onSuccess: done,
    }),
    add: useMutation({
      mutationFn: (body: { email: string; sub_account_roles: string[] }) => api.post<Member>(BASE, body, opts),
      onSuccess: done,
    }),
    setRoles: useMutation({
      // A membership's writes send the version its row was shown at (issue 36).
      mutationFn: ({ id, sub_account_roles, version }: { id: number; sub_account_roles: string[]; version?: number }) =>
        api.put<Member>(`${BASE}/${id}`, { sub_account_roles }, { ...opts, version }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: ({ id, version }: { id: number; version?: number }) =>
        api.delete<{ message: string }>(`${BASE}/${id}`, undefined, { ...opts, version }),
      onSuccess: done,
    }),
  };
}
