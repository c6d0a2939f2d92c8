import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import MoreOutlined from '@ant-design/icons/MoreOutlined';
import dayjs from 'dayjs';
import { ROLES } from '@bo/shared/permissions';
import { organizationLabel } from '@bo/shared/schemas/organization';
import { currentLanguage } from '../../i18n/index.ts';
import { api, errorText } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { CreateButton } from '../../components/resource/create-button.tsx';
import { codeSelect, ListFilters } from '../../components/resource/list-filters.tsx';
import { dateTimeColumn, ResourceTable } from '../../components/resource/resource-table.tsx';
import { RoleTags } from '../../components/resource/role-tags.tsx';
import { StatusTag } from '../../components/resource/status-tag.tsx';
import { useDeleteRows } from '../../components/resource/use-delete-rows.ts';
import { useListParams } from '../../components/resource/use-list-params.ts';
import { adminApi, adminRolesQuery, useResetAdminPassword, type Admin } from './api.ts';
import { organizationOptionsQuery } from '../../lib/organization-options.ts';
import { switchToAccount } from './switch-account.ts';
import { usePasswordMailNotice } from '../../components/identity/password-mail-notice.tsx';
import { useIdentityProof } from '../../components/identity/with-identity-proof.tsx';
import { useBatchStatus } from './use-batch-status.ts';
import { AdminDevicesDrawer } from './admin-devices-drawer.tsx';
import './i18n.ts';
import '../../components/identity/i18n-two-factor.ts';
import { BatchDeleteButton } from '../../components/resource/batch-delete-button.tsx';

const FILTERS = ['role', 'organization_id', 'status', 'created_from', 'created_to'] as const;

export default function AdminListPage() {
  const { t } = useTranslation('admin');
  const { t: tr } = useTranslation('resource');
  const { t: tf } = useTranslation('two-factor');
  const navigate = useNavigate();
  const { modal } = AntApp.useApp();
  const session = useSession();
  const me = session.payload?.data.id;
  const isSuperAdmin = session.roles.includes('ROLE_SUPER_ADMIN');
  const list = useListParams(FILTERS, { sort: 'id', order: 'desc' });
  const q = useQuery(adminApi.list(list.query));
  const roles = useQuery(adminRolesQuery());
  const orgs = useQuery({ ...organizationOptionsQuery(), enabled: session.can(ROLES.superAdmin) });
  const setStatus = useBatchStatus(adminApi);
  const resetPassword = useResetAdminPassword();
  const del = useDeleteRows(adminApi);
  const mailNotice = usePasswordMailNotice();
  const proof = useIdentityProof();
  const [devicesOf, setDevicesOf] = useState<{ id: number; label: string } | null>(null);
  const f = list.params.filters;

  const label = (a: Admin) => (a.name ? `${a.name} <${a.email}>` : a.email);

  const columns: ColumnsType<Admin> = [
    {
      key: 'name',
      title: t('name'),
      sorter: true,
      fixed: 'left',
      render: (_, a) => (
        <div>
          <Link to={`/admin/admin/${a.id}/update`} data-testid={`admin-link-${a.id}`}>
            {a.name || a.email}
          </Link>
          {a.id === me ? <Typography.Text type="secondary"> {t('you')}</Typography.Text> : null}
          {a.two_factor ? (
            <Tag color="green" style={{ marginInlineStart: 6 }} data-testid={`admin-two-factor-${a.id}`}>
              {tf('admin.tag')}
            </Tag>
          ) : null}
          {!a.has_change_default_password ? (
            <div>
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {t('pendingPassword')}
              </Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    { key: 'email', dataIndex: 'email', title: t('email'), sorter: true },
    {
      key: 'roles',
      title: t('roles'),
      render: (_, a) => <RoleTags roles={[...a.roles, ...(a.group?.roles ?? []).filter((r) => !a.roles.includes(r))]} />,
    },
    {
      key: 'memberships',
      title: t('organizations'),
      render: (_, a) =>
        a.memberships.length ? (
          <Flex vertical gap={2}>
            {a.memberships.map((m) => (
              <span key={m.organization_id}>{organizationLabel(m)}</span>
            ))}
          </Flex>
        ) : (
          '—'
        ),
    },
    { key: 'status', dataIndex: 'status', title: t('status'), sorter: true, render: (s: string) => <StatusTag status={s} /> },
    dateTimeColumn('created_at', t('createdAt')),
    {
      key: 'actions',
      title: tr('actions'),
      fixed: 'right',
      className: 'resource-row-actions',
      render: (_, a) => (
        <Flex gap={4}>
          <Button size="small" onClick={() => navigate(`/admin/admin/${a.id}/update`)}>
            {tr('edit')}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'switch', label: t('switchAccount'), disabled: !isSuperAdmin || a.id === me || a.status !== 'active' },
                { key: 'reset', label: t('resetPassword'), disabled: a.id === me },
                ...(isSuperAdmin ? [{ key: 'devices', label: t('devices') }] : []),
                ...(isSuperAdmin && a.two_factor ? [{ key: 'two-factor', label: tf('admin.reset'), disabled: a.id === me }] : []),
                { type: 'divider' },
                { key: 'delete', label: tr('delete'), danger: true, disabled: a.id === me },
              ],
              onClick: async ({ key }) => {
                if (key === 'switch') {
                  modal.confirm({
                    title: t('switchAccount'),
                    content: t('switchConfirm', { name: a.name || a.email }),
                    onOk: async () => {
                      try {
                        await switchToAccount(a.id);
                        navigate('/admin');
                      } catch (e) {
                        toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
                      }
                    },
                  });
                }
                if (key === 'reset') {
                  modal.confirm({
                    title: t('resetPassword'),
                    content: t('resetPasswordConfirm', { name: a.name || a.email }),
                    // Not awaited: the confirmation closes first, so the verify-identity dialog it may open is on top.
                    onOk: () => {
                      proof
                        .run(() => resetPassword.mutateAsync(a.id))
                        .then(
                          (sent) => {
                            mailNotice('reset', a.name || a.email, sent);
                          },
                          (e) => toast.error({ title: errorText(e), duration: SHELL_TOAST.duration }),
                        );
                    },
                  });
                }
                if (key === 'devices') setDevicesOf({ id: a.id, label: label(a) });
                if (key === 'two-factor') {
                  const name = a.name || a.email;
                  modal.confirm({
                    title: tf('admin.reset'),
                    content: tf('admin.resetConfirm', { name }),
                    okButtonProps: { danger: true },
                    // Not awaited: the confirmation closes first, so the verify-identity dialog it may open is on top.
                    onOk: () => {
                      proof
                        .run(() => api.delete(`/api/admin/admin/${a.id}/two-factor`))
                        .then(
                          () => {
                            toast.success({ title: tf('admin.resetDone', { name }), duration: SHELL_TOAST.duration });
                            void q.refetch();
                          },
                          (e) => toast.error({ title: errorText(e), duration: SHELL_TOAST.duration }),
                        );
                    },
                  });
                }
                if (key === 'delete') await del([a.id], [label(a)]);
              },
            }}
          >
            <Button size="small" icon={<MoreOutlined />} aria-label={t('more')} data-testid={`admin-more-${a.id}`} />
          </Dropdown>
        </Flex>
      ),
    },
  ];

  return (
    <div className="page admin-list-page">
      {proof.dialog}
      <AdminDevicesDrawer admin={devicesOf} onClose={() => setDevicesOf(null)} />
      <PageHeader extra={<CreateButton to="/admin/admin/create" label={t('create')} testId="admin-create" />} />
      <ListFilters
        list={list}
        selects={[
          {
            name: 'role',
            label: t('roles'),
            placeholder: t('allRoles'),
            options: (roles.data ?? []).map((r) => ({ value: r.name, label: r.label[currentLanguage()] })),
            minWidth: 160,
          },
          {
            name: 'organization_id',
            label: t('organization'),
            placeholder: t('allOrganizations'),
            options: (orgs.data ?? []).map((o) => ({ value: o.id, label: organizationLabel(o) })),
            minWidth: 180,
            showSearch: { optionFilterProp: 'label' },
          },
          codeSelect(t, 'status', ['active', 'disabled'], { placeholder: 'allStatuses', options: 'statuses', minWidth: 120 }),
        ]}
      >
        <DatePicker.RangePicker
          aria-label={t('createdRange')}
          value={f.created_from && f.created_to ? [dayjs(f.created_from), dayjs(f.created_to)] : null}
          onChange={(r) =>
            list.set({ filters: { created_from: r?.[0]?.format('YYYY-MM-DD') ?? null, created_to: r?.[1]?.format('YYYY-MM-DD') ?? null } })
          }
        />
      </ListFilters>
      <ResourceTable<Admin>
        testId="admin-table"
        leases={{ targetType: 'admin' }}
        query={q}
        list={list}
        columns={columns}
        selectable={(a) => a.id !== me}
        emptyAction={
          <Button type="primary" onClick={() => navigate('/admin/admin/create')}>
            {t('create')}
          </Button>
        }
        batchActions={({ ids, rows, clear }) => (
          <>
            <Button
              data-testid="batch-enable"
              onClick={async () => {
                if (await setStatus(ids, rows.map(label), 'active')) clear();
              }}
            >
              {t('enable')}
            </Button>
            <Button
              data-testid="batch-disable"
              onClick={async () => {
                if (await setStatus(ids, rows.map(label), 'disabled')) clear();
              }}
            >
              {t('disable')}
            </Button>
            <BatchDeleteButton del={del} ids={ids} names={rows.map(label)} clear={clear} testId="batch-delete" />
          </>
        )}
      />
    </div>
  );
}
