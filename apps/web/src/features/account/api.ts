import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { setToken } from '../../lib/token-store.ts';
import { setDateCalendar } from '../../i18n/index.ts';
import type { DateCalendar } from '@bo/shared/dates';

export interface Profile {
  id: number;
  email: string;
  name: string;
  has_change_default_password: boolean;
  roles: string[];
  sub_account_roles: string[];
  organization_id: number | null;
  created_at: string;
  updated_at: string;
  impersonator: { id: number; email: string; name: string } | null;
  /** How dates are shown to this admin (docs/decisions.md "民國 dates"). */
  date_calendar: DateCalendar;
}
export type ProfileUpdate = { name?: string; date_calendar?: DateCalendar };
/** One row per browser: `signed_in_at` is its latest sign-in, `created_at` its first. */
export interface LoginDevice {
  id: number;
  user_agent: string;
  ip: string;
  created_at: string;
  signed_in_at: string;
  last_seen_at: string;
  current: boolean;
}

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
    mutationFn: (body: { current_password: string; password: string }) =>
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
