import { queryOptions } from '@tanstack/react-query';
import type { PersonalDataInventory, RetentionPreview } from '@bo/shared/schemas/personal-data';
import { api } from '../../lib/api-client.ts';

export const retentionPreviewQuery = () =>
  queryOptions({
    queryKey: ['personal-data', 'retention-preview'],
    queryFn: () => api.get<RetentionPreview>('/api/admin/personal-data/retention/preview'),
  });

export const inventoryQuery = () =>
  queryOptions({
    queryKey: ['personal-data', 'inventory'],
    queryFn: () => api.get<PersonalDataInventory>('/api/admin/personal-data/inventory'),
  });
