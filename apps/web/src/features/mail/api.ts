import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListResult } from '../../components/resource/resource-api.ts';
import type { MailDeliveryStatus, MailTemplate, OutboxMail, OutboxRow } from '@bo/shared/schemas/mail';
import { api } from '../../lib/api-client.ts';

export const mailTemplatesQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/mail/templates'],
    queryFn: () => api.get<{ data: MailTemplate[] }>('/api/admin/mail/templates').then((r) => r.data),
  });

export const outboxQuery = (q: Record<string, unknown>) =>
  queryOptions({
    queryKey: ['/api/admin/mail/outbox', q],
    queryFn: ({ signal }) => api.get<ListResult<OutboxRow>>('/api/admin/mail/outbox', q, { signal }),
    placeholderData: keepPreviousData,
  });

export const outboxMailQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['/api/admin/mail/outbox', 'one', id],
    queryFn: () => api.get<OutboxMail>(`/api/admin/mail/outbox/${id}`),
    enabled: id !== null,
  });

/** Whether mail is going out (GET /api/admin/mail/status): the outbox page and the overview card. */
export const mailStatusQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/mail/status'],
    queryFn: () => api.get<MailDeliveryStatus>('/api/admin/mail/status'),
    refetchInterval: 60_000,
  });
