import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Checkbox from 'antd/es/checkbox';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import Tooltip from 'antd/es/tooltip';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { ROLES } from '@bo/shared/permissions';
import { adminInput, ADMIN_STATUSES, membershipInput, type Admin, type AdminInput, type MembershipInput } from '@bo/shared/schemas/admin';
import { organizationLabel } from '@bo/shared/schemas/organization';
import { currentLanguage } from '../../i18n/index.ts';
import { api } from '../../lib/api-client.ts';
import { useActiveOrganization, useSession } from '../../lib/session.ts';
import { useAppConfig } from '../../lib/settings.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useRouteMeta } from '../../lib/route-meta.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { HistoryPanel, versionOf } from '../../components/history/history-panel.tsx';
import { useRecordVersion } from '../../components/resource/use-record-version.tsx';
import { ResourceForm } from '../../components/resource/resource-form.tsx';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { useServerFieldErrors } from '../../components/resource/use-server-field-errors.ts';
import { RoleTags } from '../../components/resource/role-tags.tsx';
import { adminApi, adminRolesQuery, subAccountRolesQuery } from './api.ts';
import { organizationOptionsQuery } from '../../lib/organization-options.ts';
import { usePasswordMailNotice } from '../../components/identity/password-mail-notice.tsx';
import './i18n.ts';

interface Values {
  email: string;
  name: string;
  roles?: string[];
  status: (typeof ADMIN_STATUSES)[number];
  group_id?: number | null;
  memberships: MembershipInput[];
}

/**
 * The POST / PUT body. Roles and group go only when the form shows them: left out, the server
 * keeps the current ones (an organization admin sees neither, and `roles: []` would take the
 * member's ROLE_ roles away, which it may not do).
 */
export function toAdminBody(v: Values, shown: { roles: boolean; group: boolean }): AdminInput {
  const { roles, group_id, ...rest } = v;
  return {
    ...rest,
    ...(shown.roles ? { roles: roles ?? [] } : {}),
    ...(shown.group ? { group_id: group_id ?? null } : {}),
    memberships: (v.memberships ?? []).filter((m) => m?.organization_id),
  } as AdminInput;
}

const toValues = (a: Admin): Values => ({
  email: a.email,
  name: a.name,
  roles: a.roles,
  status: a.status,
  group_id: a.group_id,
  memberships: a.memberships.map((m) => ({
    organization_id: m.organization_id,
    sub_account_roles: m.sub_account_roles as MembershipInput['sub_account_roles'],
  })),
});

/** admin/create and admin/{target}/update: one form, the mode from the route (spec section 4). */
export default function AdminFormPage() {
  const { t } = useTranslation('admin');
  const { t: tr } = useTranslation('resource');
  const { mode } = useRouteMeta();
  const { target } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const config = useAppConfig();
  const { organization: active } = useActiveOrganization();
  const managesAll = session.can(ROLES.superAdmin);
  const lng = currentLanguage();
  const [form] = Form.useForm<Values>();
  const { onError, formError } = useServerFieldErrors(form);
  const one = useQuery({ ...adminApi.one(target), enabled: mode === 'update' && !!target });
  const roles = useQuery(adminRolesQuery());
  const subRoles = useQuery(subAccountRolesQuery());
  const orgs = useQuery({ ...organizationOptionsQuery(), enabled: managesAll });
  const groups = useQuery({
    queryKey: ['/api/admin/admin-group', 'options'],
    queryFn: () =>
      api
        .get<{ data: { id: number; name: string; roles: string[] }[] }>('/api/admin/admin-group/index', {
          per_page: 100,
          sort: 'name',
          order: 'asc',
        })
        .then((r) => r.data),
    enabled: managesAll && config.adminGroup,
  });
  const create = adminApi.useCreate();
  const update = adminApi.useUpdate();
  const mailNotice = usePasswordMailNotice();

  const version = useRecordVersion({
    form,
    record: one.data,
    toValues,
    target: mode === 'update' && target ? adminApi.versionTarget(target) : null,
    writePath: mode === 'update' && target ? `${adminApi.base}/${target}` : undefined,
    refetch: async () => (await one.refetch()).data,
    resubmit: () => form.submit(),
  });
  const orgOptions = useMemo(() => {
    if (managesAll) return (orgs.data ?? []).map((o) => ({ value: o.id, label: organizationLabel(o) }));
    return active ? [{ value: active.id, label: organizationLabel(active) }] : [];
  }, [managesAll, orgs.data, active]);

  const onSubmit = async (v: Values) => {
    const body = toAdminBody(v, { roles: managesAll, group: managesAll && config.adminGroup });
    try {
      if (mode === 'create') {
        const created = await create.mutateAsync(body);
        toast.success({ title: tr('created'), duration: SHELL_TOAST.duration });
        mailNotice('invite', created.name || created.email, created.invitation);
        navigate(`/admin/admin/${created.id}/update`, { replace: true });
      } else {
        const saved = await update.mutateAsync({ id: Number(target), body, version: version.version() });
        version.saved(saved);
        toast.success({ title: tr('saved'), duration: SHELL_TOAST.duration });
      }
    } catch (e) {
      if (!version.handleError(e)) onError(e);
    }
  };

  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.name, label: r.label[lng], disabled: !r.grantable }));
  const subRoleOptions = (subRoles.data ?? []).map((r) => ({ value: r.name, label: r.label[lng], disabled: !r.grantable }));
  const title = mode === 'create' ? t('create') : one.data ? one.data.name || one.data.email : undefined;

  return (
    <div className="page admin-form-page">
      <PageHeader
        title={title}
        subtitle={mode === 'update' && one.data && !one.data.has_change_default_password ? t('pendingPassword') : undefined}
        extra={
          <Flex gap={8} wrap>
            {mode === 'update' && one.data ? (
              <HistoryPanel
                targetType="admin"
                id={one.data.id}
                version={versionOf(one.data)}
                canRestore={session.can(ROLES.adminUpdate)}
                invalidate={adminApi.keys.all}
              />
            ) : null}
            {managesAll ? <Button onClick={() => navigate('/admin/admin')}>{tr('back')}</Button> : null}
          </Flex>
        }
      />
      <ResourceForm<Values>
        testId="admin-form"
        form={form}
        mode={mode ?? 'create'}
        loading={one.isPending}
        loadError={one.error}
        loadFailed={one.isError}
        onRetry={() => void one.refetch()}
        onSubmit={onSubmit}
        submitting={create.isPending || update.isPending}
        formError={formError}
        onCancel={managesAll ? () => navigate('/admin/admin') : undefined}
        initialValues={{ roles: [], status: 'active', group_id: null, memberships: [] }}
        notice={version.notice}
        lease={{ targetType: 'admin', id: target }}
      >
        <Form.Item name="email" label={t('email')} required rules={[schemaRule(adminInput.shape.email)]}>
          <Input type="email" autoComplete="off" maxLength={200} data-testid="admin-email" />
        </Form.Item>
        <Form.Item name="name" label={t('name')} required rules={[schemaRule(adminInput.shape.name)]}>
          <Input maxLength={100} data-testid="admin-name" />
        </Form.Item>
        <Form.Item name="status" label={t('status')}>
          <Radio.Group optionType="button" options={ADMIN_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
        </Form.Item>
        {managesAll ? (
          <Form.Item name="roles" label={t('roles')} extra={t('grantHint')}>
            <Checkbox.Group options={roleOptions} data-testid="admin-roles" />
          </Form.Item>
        ) : (
          <Form.Item label={t('roles')}>
            <RoleTags roles={one.data?.roles ?? []} />
          </Form.Item>
        )}
        {managesAll && config.adminGroup ? (
          <Form.Item name="group_id" label={t('group')}>
            <Select
              allowClear
              placeholder={t('noGroup')}
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              onChange={(v) => form.setFieldValue('group_id', v ?? null)}
            />
          </Form.Item>
        ) : null}
        <Typography.Title level={2} className="section-title">
          {t('organizations')}
        </Typography.Title>
        {!managesAll ? <Typography.Paragraph type="secondary">{t('memberOnlyHere')}</Typography.Paragraph> : null}
        <Form.List name="memberships">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8} style={{ marginBottom: 16 }}>
              {fields.map((field) => (
                <Card size="small" key={field.key} data-testid={`membership-${field.name}`}>
                  <Flex gap={8} wrap align="flex-start">
                    <Form.Item
                      name={[field.name, 'organization_id']}
                      label={t('organization')}
                      rules={[schemaRule(membershipInput.shape.organization_id)]}
                      style={{ flex: '1 1 220px', minWidth: 0, marginBottom: 8 }}
                    >
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        options={orgOptions}
                        disabled={!managesAll}
                        data-testid="membership-organization"
                        style={{ width: '100%' }}
                        popupMatchSelectWidth={false}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'sub_account_roles']}
                      label={t('subAccountRoles')}
                      style={{ flex: '2 1 260px', minWidth: 0, marginBottom: 8 }}
                      initialValue={[]}
                    >
                      <Checkbox.Group options={subRoleOptions} data-testid="membership-roles" />
                    </Form.Item>
                    {managesAll ? (
                      <Tooltip title={t('removeMembership')}>
                        <Button
                          aria-label={t('removeMembership')}
                          icon={<DeleteOutlined />}
                          onClick={() => remove(field.name)}
                          style={{ marginTop: 30 }}
                        />
                      </Tooltip>
                    ) : null}
                  </Flex>
                </Card>
              ))}
              {managesAll ? (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ organization_id: undefined, sub_account_roles: [] })}
                  data-testid="membership-add"
                >
                  {t('addMembership')}
                </Button>
              ) : null}
            </Flex>
          )}
        </Form.List>
      </ResourceForm>
    </div>
  );
}
