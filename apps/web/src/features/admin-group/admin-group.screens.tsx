import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Checkbox from 'antd/es/checkbox';
import { adminGroupInput, type AdminGroup } from '@bo/shared/schemas/admin-group';
import type { RoleOption } from '@bo/shared/schemas/admin';
import { currentLanguage, i18n } from '../../i18n/index.ts';
import { api } from '../../lib/api-client.ts';
import { RoleTags } from '../../components/resource/role-tags.tsx';
import type { ResourceScreensSpec } from '../../components/resource/resource-spec.ts';
import './i18n.ts';

/** The roles an admin may grant, as checkboxes (those the signed-in admin cannot grant are shown disabled). */
function RolesInput({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  useTranslation();
  const roles = useQuery({
    queryKey: ['/api/admin/admin', 'roles'],
    queryFn: () => api.get<{ data: RoleOption[] }>('/api/admin/admin/roles').then((r) => r.data),
    staleTime: 5 * 60_000,
  });
  return (
    <Checkbox.Group
      value={value}
      onChange={onChange}
      options={(roles.data ?? []).map((r) => ({ value: r.name, label: r.label[currentLanguage()], disabled: !r.grantable }))}
    />
  );
}

const k = (key: string) => `admin-group:${key}`;

export default {
  apiPath: '/api/admin/admin-group',
  schema: adminGroupInput,
  list: { sort: 'id', order: 'desc' },
  createLabel: k('create'),
  defaults: { roles: [] },
  rowName: (g) => `${g.name} (${i18n.t(k('members'))}: ${g.admin_count})`,
  columns: [
    { key: 'name', title: k('name'), sortable: true },
    { key: 'roles', title: k('roles'), render: (g) => <RoleTags roles={g.roles} /> },
    { key: 'admin_count', title: k('members') },
    { key: 'updated_at', title: k('updated'), sortable: true },
  ],
  fields: [
    { name: 'name', label: k('name'), required: true, testId: 'group-name' },
    {
      name: 'roles',
      label: k('roles'),
      input: RolesInput,
      extra: k('rolesHint'),
    },
  ],
} satisfies ResourceScreensSpec<AdminGroup>;
