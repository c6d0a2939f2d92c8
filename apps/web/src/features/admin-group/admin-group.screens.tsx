import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Checkbox from 'antd/es/checkbox';
import { adminGroupInput, type AdminGroup } from '@bo/shared/schemas/admin-group';
import type { RoleOption } from '@bo/shared/schemas/admin';
import { currentLanguage } from '../../i18n/index.ts';
import { api } from '../../lib/api-client.ts';
import { RoleTags } from '../../components/resource/role-tags.tsx';
import type { ResourceScreensSpec } from '../../components/resource/resource-spec.ts';

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

const members = { 'zh-TW': '成員數', 'en-US': 'Members' };

export default {
  apiPath: '/api/admin/admin-group',
  schema: adminGroupInput,
  list: { sort: 'id', order: 'desc' },
  createLabel: { 'zh-TW': '新增群組', 'en-US': 'New group' },
  defaults: { roles: [] },
  rowName: (g) => `${g.name} (${members[currentLanguage()]}: ${g.admin_count})`,
  columns: [
    { key: 'name', title: { 'zh-TW': '群組名稱', 'en-US': 'Group name' }, sortable: true },
    { key: 'roles', title: { 'zh-TW': '群組角色', 'en-US': 'Group roles' }, render: (g) => <RoleTags roles={g.roles} /> },
    { key: 'admin_count', title: members },
    { key: 'updated_at', title: { 'zh-TW': '更新時間', 'en-US': 'Updated' }, sortable: true },
  ],
  fields: [
    { name: 'name', label: { 'zh-TW': '群組名稱', 'en-US': 'Group name' }, required: true, testId: 'group-name' },
    {
      name: 'roles',
      label: { 'zh-TW': '群組角色', 'en-US': 'Group roles' },
      input: RolesInput,
      extra: { 'zh-TW': '成員在下次取得權杖時即擁有群組的角色。', 'en-US': 'Members hold the group roles from their next token on.' },
    },
  ],
} satisfies ResourceScreensSpec<AdminGroup>;
