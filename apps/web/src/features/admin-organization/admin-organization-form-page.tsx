import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Checkbox from 'antd/es/checkbox';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import Tooltip from 'antd/es/tooltip';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { SUB_ACCOUNT_ROLES } from '@bo/shared/roles';
import {
  adminOrganizationInput,
  memberInput,
  ORGANIZATION_STATUSES,
  organizationLabel,
  type AdminOrganizationDetail,
} from '@bo/shared/schemas/organization';
import { api } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useRouteMeta } from '../../lib/route-meta.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { HistoryPanel, versionOf } from '../../components/history/history-panel.tsx';
import { useRecordVersion } from '../../components/resource/use-record-version.tsx';
import { ResourceForm } from '../../components/resource/resource-form.tsx';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { roleLabel } from '../../components/resource/role-tags.tsx';
import { useServerFieldErrors } from '../../components/resource/use-server-field-errors.ts';
import { adminOrganizationApi, refreshOrganizationLists } from './api.ts';
import { useDeleteOrganizations } from './use-delete-organizations.ts';
import { FirstAdminFields, useInviteFirstAdmin } from './first-admin-invite.tsx';
import './i18n.ts';

interface Values {
  name: string;
  company_id: string | null;
  status: (typeof ORGANIZATION_STATUSES)[number];
  members: { admin_id: number; sub_account_roles: string[] }[];
  /** Create only: the organization's first admin, invited by e-mail once it exists. */
  first_admin_email?: string;
  first_admin_name?: string;
}
interface AdminOption {
  id: number;
  name: string;
  email: string;
}

const toValues = (o: AdminOrganizationDetail): Values => ({
  name: o.name,
  company_id: o.company_id,
  status: o.status,
  members: o.members.map((m) => ({ admin_id: m.admin_id, sub_account_roles: m.sub_account_roles })),
});

/** Admins to pick as members: searched on the server, plus the current members (so their labels show). */
function useAdminOptions(current: AdminOrganizationDetail | undefined) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['/api/admin/admin', 'options', keyword],
    queryFn: () =>
      api
        .get<{ data: AdminOption[] }>('/api/admin/admin/index', { keyword: keyword || undefined, per_page: 20, sort: 'name', order: 'asc' })
        .then((r) => r.data),
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const all = new Map<number, AdminOption>();
    for (const m of current?.members ?? []) all.set(m.admin_id, { id: m.admin_id, name: m.name, email: m.email });
    for (const a of q.data ?? []) all.set(a.id, a);
    return [...all.values()].map((a) => ({ value: a.id, label: a.name ? `${a.name} <${a.email}>` : a.email }));
  }, [q.data, current]);
  return { options, setKeyword, loading: q.isFetching };
}

export default function AdminOrganizationFormPage() {
  const { t } = useTranslation('admin-organization');
  const { t: tr } = useTranslation('resource');
  const { mode } = useRouteMeta();
  const { target } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { onError, formError } = useServerFieldErrors(form);
  const one = useQuery({ ...adminOrganizationApi.one(target), enabled: mode === 'update' && !!target });
  const create = adminOrganizationApi.useCreate();
  const update = adminOrganizationApi.useUpdate();
  const deleteOrganizations = useDeleteOrganizations();
  const admins = useAdminOptions(one.data);
  const qc = useQueryClient();
  const inviteFirstAdmin = useInviteFirstAdmin();
  const version = useRecordVersion({
    form,
    record: one.data,
    toValues,
    target: mode === 'update' && target ? adminOrganizationApi.versionTarget(target) : null,
    writePath: mode === 'update' && target ? `${adminOrganizationApi.base}/${target}` : undefined,
    refetch: async () => (await one.refetch()).data,
    resubmit: () => form.submit(),
  });

  const onSubmit = async (v: Values) => {
    const { first_admin_email, first_admin_name, ...fields } = v;
    const body = { ...fields, company_id: v.company_id || null, members: (v.members ?? []).filter((m) => m?.admin_id) } as never;
    try {
      if (mode === 'create') {
        const o = await create.mutateAsync(body);
        toast.success({ title: tr('created'), duration: SHELL_TOAST.duration });
        refreshOrganizationLists(qc);
        navigate(`/admin/admin-organization/${o.id}/update`, { replace: true });
        if (first_admin_email?.trim()) await inviteFirstAdmin(o.id, first_admin_email, first_admin_name ?? '');
      } else {
        version.saved(await update.mutateAsync({ id: Number(target), body, version: version.version() }));
        refreshOrganizationLists(qc);
        toast.success({ title: tr('saved'), duration: SHELL_TOAST.duration });
      }
    } catch (e) {
      if (!version.handleError(e)) onError(e);
    }
  };

  return (
    <div className="page admin-organization-form-page">
      <PageHeader
        title={mode === 'create' ? t('create') : one.data ? organizationLabel(one.data) : undefined}
        extra={
          <Flex gap={8} wrap>
            {mode === 'update' && one.data ? (
              <HistoryPanel
                targetType="organization"
                id={one.data.id}
                version={versionOf(one.data)}
                canRestore
                invalidate={adminOrganizationApi.keys.all}
                onRestored={() => refreshOrganizationLists(qc)}
              />
            ) : null}
            <Button onClick={() => navigate('/admin/admin-organization')}>{tr('back')}</Button>
          </Flex>
        }
      />
      <ResourceForm<Values>
        testId="organization-form"
        form={form}
        mode={mode ?? 'create'}
        loading={one.isPending}
        loadError={one.error}
        loadFailed={one.isError}
        onRetry={() => void one.refetch()}
        onSubmit={onSubmit}
        submitting={create.isPending || update.isPending}
        formError={formError}
        onCancel={() => navigate('/admin/admin-organization')}
        initialValues={{ status: 'active', members: [], company_id: null }}
        notice={version.notice}
        lease={{ targetType: 'organization', id: target }}
        extraActions={
          mode === 'update' && one.data ? (
            <Button
              danger
              onClick={async () => {
                if (await deleteOrganizations([one.data])) navigate('/admin/admin-organization');
              }}
            >
              {tr('delete')}
            </Button>
          ) : undefined
        }
      >
        <Form.Item name="name" label={t('name')} required rules={[schemaRule(adminOrganizationInput.shape.name)]}>
          <Input maxLength={100} data-testid="organization-name" />
        </Form.Item>
        <Form.Item name="company_id" label={t('companyId')} rules={[schemaRule(adminOrganizationInput.shape.company_id)]}>
          <Input maxLength={50} data-testid="organization-company-id" />
        </Form.Item>
        <Form.Item name="status" label={t('status')}>
          <Radio.Group optionType="button" options={ORGANIZATION_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
        </Form.Item>
        {mode === 'create' ? <FirstAdminFields /> : null}
        <Typography.Title level={2} className="section-title">
          {t('members')}
        </Typography.Title>
        <Form.List name="members">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8} style={{ marginBottom: 16 }}>
              {fields.map((field) => (
                <Card size="small" key={field.key}>
                  <Flex gap={8} wrap align="flex-start">
                    <Form.Item
                      name={[field.name, 'admin_id']}
                      label={t('member')}
                      rules={[schemaRule(memberInput.shape.admin_id)]}
                      style={{ flex: '1 1 240px', marginBottom: 8 }}
                    >
                      <Select
                        showSearch={{ filterOption: false, onSearch: admins.setKeyword }}
                        loading={admins.loading}
                        options={admins.options}
                        placeholder={t('searchAdmin')}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'sub_account_roles']}
                      label={t('subAccountRoles')}
                      initialValue={[]}
                      style={{ flex: '2 1 260px', marginBottom: 8 }}
                    >
                      <Checkbox.Group options={SUB_ACCOUNT_ROLES.map((r) => ({ value: r, label: roleLabel(r) }))} />
                    </Form.Item>
                    <Tooltip title={t('removeMember')}>
                      <Button
                        aria-label={t('removeMember')}
                        icon={<DeleteOutlined />}
                        onClick={() => remove(field.name)}
                        style={{ marginTop: 30 }}
                      />
                    </Tooltip>
                  </Flex>
                </Card>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ sub_account_roles: [] })}>
                {t('addMember')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </ResourceForm>
    </div>
  );
}
