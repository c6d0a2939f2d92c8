import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import { organizationLabel } from '@bo/shared/schemas/organization';
import { errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { CreateButton } from '../../components/resource/create-button.tsx';
import { codeSelect, ListFilters } from '../../components/resource/list-filters.tsx';
import { dateTimeColumn, ResourceTable } from '../../components/resource/resource-table.tsx';
import { StatusTag } from '../../components/resource/status-tag.tsx';
import { useListParams } from '../../components/resource/use-list-params.ts';
import { adminOrganizationApi, refreshOrganizationLists, type AdminOrganization } from './api.ts';
import { useDeleteOrganizations } from './use-delete-organizations.ts';
import './i18n.ts';

export default function AdminOrganizationListPage() {
  const { t } = useTranslation('admin-organization');
  const { t: tr } = useTranslation('resource');
  const navigate = useNavigate();
  const list = useListParams(['status'], { sort: 'id', order: 'desc' });
  const q = useQuery(adminOrganizationApi.list(list.query));
  const batchPatch = adminOrganizationApi.useBatchPatch();
  const deleteOrganizations = useDeleteOrganizations();
  const qc = useQueryClient();
  const setStatus = async (ids: number[], value: string) => {
    try {
      await batchPatch.mutateAsync({ ids, field: 'status', value });
      refreshOrganizationLists(qc);
      toast.success({ title: tr('updated'), duration: SHELL_TOAST.duration });
      return true;
    } catch (e) {
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
      return false;
    }
  };

  const columns: ColumnsType<AdminOrganization> = [
    {
      key: 'name',
      title: t('name'),
      sorter: true,
      fixed: 'left',
      render: (_, o) => <Link to={`/admin/admin-organization/${o.id}/update`}>{organizationLabel(o)}</Link>,
    },
    { key: 'member_count', dataIndex: 'member_count', title: t('memberCount') },
    { key: 'status', dataIndex: 'status', title: t('status'), sorter: true, render: (s: string) => <StatusTag status={s} /> },
    dateTimeColumn('created_at', t('createdAt')),
    {
      key: 'actions',
      title: tr('actions'),
      fixed: 'right',
      className: 'resource-row-actions',
      render: (_, o) => (
        <Flex gap={4}>
          <Button size="small" onClick={() => navigate(`/admin/admin-organization/${o.id}/update`)}>
            {tr('edit')}
          </Button>
          <Button size="small" danger onClick={() => void deleteOrganizations([o])} data-testid={`organization-delete-${o.id}`}>
            {tr('delete')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <div className="page admin-organization-list-page">
      <PageHeader extra={<CreateButton to="/admin/admin-organization/create" label={t('create')} testId="organization-create" />} />
      <ListFilters
        list={list}
        selects={[codeSelect(t, 'status', ['active', 'disabled'], { placeholder: 'allStatuses', options: 'statuses', minWidth: 120 })]}
      />
      <ResourceTable<AdminOrganization>
        testId="organization-table"
        leases={{ targetType: 'organization' }}
        query={q}
        list={list}
        columns={columns}
        emptyAction={
          <Button type="primary" onClick={() => navigate('/admin/admin-organization/create')}>
            {t('create')}
          </Button>
        }
        batchActions={({ ids, rows, clear }) => (
          <>
            <Button
              onClick={async () => {
                if (await setStatus(ids, 'active')) clear();
              }}
            >
              {t('enable')}
            </Button>
            <Button
              onClick={async () => {
                if (await setStatus(ids, 'disabled')) clear();
              }}
            >
              {t('disable')}
            </Button>
            <Button
              danger
              onClick={async () => {
                if (await deleteOrganizations(rows)) clear();
              }}
            >
              {tr('delete')}
            </Button>
          </>
        )}
      />
    </div>
  );
}
