import type { AdminGroup, AdminGroupInput } from '@bo/shared/schemas/admin-group';
import { createResourceApi } from '../../components/resource/resource-api.ts';

export type { AdminGroup, AdminGroupInput };
export const adminGroupApi = createResourceApi<AdminGroup, AdminGroupInput>('/api/admin/admin-group');
