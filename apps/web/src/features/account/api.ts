import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { setToken } from '../../lib/token-store.ts';
import { setDateCalendar } from '../../i18n/index.ts';
import type { DateCalendar } from '@bo/shared/dates';
import type { deviceSchema, profileSchema } from '@bo/shared/schemas/account';
import type { z } from 'zod';

/** What GET /api/admin/account/profile answers (`date_calendar`: docs/decisions.md "民國 dates"). */
export type Profile = z.infer<typeof profileSchema>;
export type ProfileUpdate = { name?: string; date_calendar?: DateCalendar };
/** One row per browser: `signed_in_at` is its latest sign-in, `created_at` its first. */
export type LoginDevice = z.infer<typeof deviceSchema>;

export const profileQuery = () =>
  queryOptions({
    queryKey: ['account', 'profile'],
    queryFn: () =>
      api.get<Profile>('/api/admin/account/profile').then((p) => {
        setDateCalendar(p.date_calendar);
        return p;
      }),
  });

export const loginDevicesQuery = () =>
  queryOptions({
    queryKey: ['account', 'login-devices'],
    queryFn: () => api.get<{ data: LoginDevice[] }>('/api/admin/account/login-device').then((r) => r.data),
  });

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => api.put<Profile>('/api/admin/account/profile', body),
    onSuccess: (p) => {
      setDateCalendar(p.date_calendar);
      qc.setQueryData(profileQuery().queryKey, p);
    },
  });
}

/** PUT reset-password answers a new token for this device; the other devices are signed out. */
export function useResetPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { current_password: string; password: string; name?: string }) =>
      api.put<{ token: string }>('/api/admin/account/reset-password', body),
    onSuccess: ({ token }) => {
      setToken(token);
      void qc.invalidateQueries({ queryKey: ['account'] });
    },
  });
}

export function useLogoutDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/admin/account/logout-device/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: loginDevicesQuery().queryKey }),
  });
}
