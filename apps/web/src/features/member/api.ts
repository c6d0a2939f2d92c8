import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Member, MemberDevice, memberInput } from '@bo/shared/schemas/member';
import { api } from '../../lib/api-client.ts';
import { createResourceApi } from '../../components/resource/resource-api.ts';

export type { Member, MemberDevice };
/** The kit's calls on /api/admin/member (no create: members sign up on the website). */
export const memberApi = createResourceApi<Member, z.input<typeof memberInput>>('/api/admin/member');

/**
 * The member's browsers, latest first. Keyed under the resource, so a member changed (disabling one
 * revokes its devices) refreshes them too.
 */
export const memberDevicesQuery = (id: number) =>
  queryOptions({
    queryKey: [memberApi.base, 'devices', id],
    queryFn: ({ signal }) => api.get<{ data: MemberDevice[] }>(`${memberApi.base}/${id}/devices`, null, { signal }).then((r) => r.data),
  });

/** Mails the member a link to the website's set-password page: `{ sent, sent_to }`. */
export function useSendMemberReset() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ sent: true; sent_to: string }>(`${memberApi.base}/${id}/reset-password`, {}),
  });
}

/** Logs one of the member's browsers out (its token dies at once). */
export function useLogoutMemberDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, deviceId }: { memberId: number; deviceId: number }) =>
      api.delete<{ message: string }>(`${memberApi.base}/${memberId}/devices/${deviceId}`),
    onSuccess: (_r, v) => qc.invalidateQueries({ queryKey: [memberApi.base, 'devices', v.memberId] }),
  });
}
