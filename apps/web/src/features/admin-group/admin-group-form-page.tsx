import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import Form from 'antd/es/form';
import Button from 'antd/es/button';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useRouteMeta } from '../../lib/route-meta.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ResourceForm } from '../../components/resource/resource-form.tsx';
import { useServerFieldErrors } from '../../components/resource/use-server-field-errors.ts';
import { adminGroupApi, type AdminGroupInput } from './api.ts';
import { AdminGroupFields } from './admin-group-fields.tsx';
import './i18n.ts';

export default function AdminGroupFormPage() {
  const { t: tr } = useTranslation('resource');
  const { mode } = useRouteMeta();
  const { target } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<AdminGroupInput>();
  const { onError, formError } = useServerFieldErrors(form);
  const one = useQuery(adminGroupApi.one(target));
  const update = adminGroupApi.useUpdate();
  const create = adminGroupApi.useCreate();
  useEffect(() => { if (one.data) form.setFieldsValue({ name: one.data.name, roles: one.data.roles as AdminGroupInput['roles'] }); }, [one.data, form]);
  return (
    <div className="page admin-group-form-page">
      <PageHeader title={one.data?.name} extra={<Button onClick={() => navigate('/admin/admin-group')}>{tr('back')}</Button>} />
      <ResourceForm<AdminGroupInput> form={form} mode={mode ?? 'update'} loading={one.isPending} loadError={one.error} onRetry={() => void one.refetch()}
        submitting={update.isPending || create.isPending} formError={formError} onCancel={() => navigate('/admin/admin-group')}
        initialValues={{ roles: [] }}
        onSubmit={async (v) => {
          try {
            if (mode === 'create') {
              const g = await create.mutateAsync(v);
              navigate(`/admin/admin-group/${g.id}/update`, { replace: true });
            } else await update.mutateAsync({ id: Number(target), body: v });
            toast.success({ title: tr('saved'), duration: SHELL_TOAST.duration });
          } catch (e) { onError(e); }
        }}>
        <AdminGroupFields />
      </ResourceForm>
    </div>
  );
}
