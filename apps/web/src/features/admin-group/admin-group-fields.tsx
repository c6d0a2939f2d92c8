import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Checkbox from 'antd/es/checkbox';
import { adminGroupInput } from '@bo/shared/schemas/admin-group';
import { currentLanguage } from '../../i18n/index.ts';
import { api } from '../../lib/api-client.ts';
import { schemaRule } from '../../components/resource/field-rules.ts';
import type { RoleOption } from '@bo/shared/schemas/admin';
import './i18n.ts';

/** The fields of an admin group, shared by the create dialog and the update page. */
export function AdminGroupFields() {
  const { t } = useTranslation('admin-group');
  const roles = useQuery({
    queryKey: ['/api/admin/admin', 'roles'],
    queryFn: () => api.get<{ data: RoleOption[] }>('/api/admin/admin/roles').then((r) => r.data),
    staleTime: 5 * 60_000,
  });
  return (
    <>
      <Form.Item name="name" label={t('name')} required rules={[schemaRule(adminGroupInput.shape.name)]}>
        <Input maxLength={100} data-testid="group-name" />
      </Form.Item>
      <Form.Item name="roles" label={t('roles')} extra={t('hint')}>
        <Checkbox.Group options={(roles.data ?? []).map((r) => ({ value: r.name, label: r.label[currentLanguage()], disabled: !r.grantable }))} />
      </Form.Item>
    </>
  );
}
