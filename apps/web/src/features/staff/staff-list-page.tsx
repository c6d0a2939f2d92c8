import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import FileExcelOutlined from '@ant-design/icons/FileExcelOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { ROLES } from '@bo/shared/permissions';
import { organizationLabel } from '@bo/shared/schemas/organization';
import { addTranslations, formatDay } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { useActiveOrganization, useSession } from '../../lib/session.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { CreateButton } from '../../components/resource/create-button.tsx';
import { FilterSelect, ListFilters } from '../../components/resource/list-filters.tsx';
import { staffStandingFilters } from './staff-filters.ts';
import { ResourceTable } from '../../components/resource/resource-table.tsx';
import { useDeleteRows } from '../../components/resource/use-delete-rows.ts';
import { useListParams } from '../../components/resource/use-list-params.ts';
import { staffAcrossApi, staffApi, staffContractorsQuery, type StaffListItem } from './api.ts';
import { CertificateStatusTag } from './certificate-status-tag.tsx';
import { CertificateTypesButton } from './certificate-types-modal.tsx';
import './i18n.ts';
import './i18n-company.ts';
import './staff.css';
import { BatchDeleteButton } from '../../components/resource/batch-delete-button.tsx';
import { groupedPhone } from '@bo/shared/phone';

// The organization filter of readers across organizations (issue 14.2); kept here, beside its only user.
addTranslations('staff', {
  'zh-TW': { organization: '組織', allOrganizations: '所有組織', readOnlyAcross: '唯讀：跨組織檢視' },
  'en-US': { organization: 'Organization', allOrganizations: 'All organizations', readOnlyAcross: 'Read-only: across organizations' },
});

const FILTERS = ['status', 'certificate_status', 'organization', 'contractor_id'] as const;
const ALL = 'all';

export default function StaffListPage() {
  const { t } = useTranslation('staff');
  const { t: tr } = useTranslation('resource');
  const navigate = useNavigate();
  const { can } = useSession();
  const { organization } = useActiveOrganization();
  // Readers across organizations (ROLE_STAFF, super admins) choose the organization; everyone else
  // sees the active one (docs/decisions.md "Staff across organizations").
  const across = can(ROLES.staffAcrossOrganizations);
  const readsActive = !!organization && can(ROLES.staffRead);
  const list = useListParams(FILTERS, { sort: 'id', order: 'desc' });
  const chosen = across ? (list.params.filters.organization ?? (readsActive ? String(organization!.id) : ALL)) : null;
  const viewsActive = !across || (readsActive && chosen === String(organization!.id));
  const canWrite = viewsActive && can(ROLES.staffWrite);
  const { organization: _filter, ...listQuery } = list.query;
  const ownList = useQuery({ ...staffApi.list(listQuery), enabled: viewsActive });
  const acrossList = useQuery({
    ...staffAcrossApi.list({ ...listQuery, ...(chosen && chosen !== ALL ? { organization_id: chosen } : {}) }),
    enabled: !viewsActive,
  });
  const q = viewsActive ? ownList : acrossList;
  const orgs = useQuery({ ...staffAcrossApi.organizations(), enabled: across });
  const contractors = useQuery(staffContractorsQuery(viewsActive));
  const orgName = (id: number) => {
    const o = orgs.data?.find((x) => x.id === id);
    return o ? organizationLabel(o) : `#${id}`;
  };

  const del = useDeleteRows(staffApi);

  const columns: ColumnsType<StaffListItem> = [
    {
      key: 'name',
      title: t('name'),
      sorter: true,
      fixed: 'left',
      // A row outside the active organization opens nowhere: its form is the organization's own screen.
      render: (_, s) =>
        viewsActive ? (
          <Link to={`/admin/staff/${s.id}/update`} data-testid="staff-name">
            {s.display_name}
          </Link>
        ) : (
          <span data-testid="staff-name">{s.display_name}</span>
        ),
    },
    ...(across && chosen === ALL
      ? [
          {
            key: 'organization',
            title: t('organization'),
            render: (_: unknown, s: StaffListItem) => orgName(s.organization_id),
          },
        ]
      : []),
    {
      key: 'company',
      title: t('company'),
      render: (_: unknown, s: StaffListItem) => s.contractor_name ?? t('ownCompany'),
    },
    {
      key: 'certificate_status',
      title: t('certStatus'),
      render: (_, s) => (
        <Space size={4} wrap>
          {s.expired_count ? <CertificateStatusTag status="expired" text={t('expiredCount', { count: s.expired_count })} /> : null}
          {s.expiring_count ? <CertificateStatusTag status="expiring" text={t('expiringCount', { count: s.expiring_count })} /> : null}
          {!s.expired_count && !s.expiring_count ? <CertificateStatusTag status={s.certificate_status} /> : null}
        </Space>
      ),
    },
    { key: 'job_title', dataIndex: 'job_title', title: t('jobTitle'), render: (v: string | null) => (v ? groupedPhone(v) : '—') },
    { key: 'national_id', dataIndex: 'national_id', title: t('nationalId'), render: (v: string | null) => (v ? groupedPhone(v) : '—') },
    { key: 'mobile', dataIndex: 'mobile', title: t('mobile'), render: (v: string | null) => (v ? groupedPhone(v) : '—') },
    { key: 'status', dataIndex: 'status', title: t('status'), render: (v: string) => t(`statuses.${v}`) },
    {
      key: 'hire_date',
      dataIndex: 'hire_date',
      title: t('hireDate'),
      sorter: true,
      render: (v: string | null) => (v ? formatDay(v) : '—'),
    },
    { key: 'updated_at', dataIndex: 'updated_at', title: t('updatedAt'), sorter: true, render: (v: string) => formatDateTime(v) },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: tr('actions'),
            className: 'resource-row-actions',
            render: (_: unknown, s: StaffListItem) => (
              <Flex gap={4}>
                <Button size="small" onClick={() => navigate(`/admin/staff/${s.id}/update`)}>
                  {tr('edit')}
                </Button>
                <Button size="small" danger onClick={() => void del([s.id], [s.display_name])}>
                  {tr('delete')}
                </Button>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="page staff-list-page">
      <PageHeader
        subtitle={viewsActive ? t('masked') : `${t('masked')} · ${t('readOnlyAcross')}`}
        extra={
          <>
            {viewsActive ? <CertificateTypesButton canWrite={canWrite} /> : null}
            {viewsActive ? (
              <Button icon={<FileExcelOutlined />} onClick={() => navigate('/admin/staff-excel')}>
                {t('export')}
              </Button>
            ) : null}
            {canWrite ? (
              <Button icon={<UploadOutlined />} onClick={() => navigate('/admin/staff/import')} data-testid="staff-import">
                {t('import')}
              </Button>
            ) : null}
            {canWrite ? <CreateButton to="/admin/staff/create" label={t('create')} testId="staff-create" /> : null}
          </>
        }
      />
      <ListFilters list={list}>
        {across ? (
          <Select
            showSearch
            optionFilterProp="label"
            value={chosen}
            aria-label={t('organization')}
            data-testid="filter-organization"
            popupMatchSelectWidth={false}
            loading={orgs.isPending}
            onChange={(v) => list.set({ filters: { organization: v } })}
            options={[
              { value: ALL, label: t('allOrganizations') },
              ...(orgs.data ?? []).map((o) => ({ value: String(o.id), label: `${organizationLabel(o)} (${o.staff_count})` })),
            ]}
          />
        ) : null}
        {viewsActive && contractors.data?.length ? (
          <Select
            allowClear
            aria-label={t('company')}
            placeholder={t('allCompanies')}
            data-testid="filter-company"
            popupMatchSelectWidth={false}
            value={list.params.filters.contractor_id ?? undefined}
            onChange={(v) => list.set({ filters: { contractor_id: v ?? null } })}
            options={[{ value: 'own', label: t('ownCompany') }, ...contractors.data.map((c) => ({ value: String(c.id), label: c.name }))]}
          />
        ) : null}
        {staffStandingFilters(t).map((f) => (
          <FilterSelect key={f.name} list={list} {...f} />
        ))}
      </ListFilters>
      <ResourceTable<StaffListItem>
        query={q}
        list={list}
        columns={columns}
        testId="staff-table"
        leases={viewsActive ? { targetType: 'staff', organization: true } : undefined}
        emptyAction={
          canWrite ? (
            <Button type="primary" onClick={() => navigate('/admin/staff/create')}>
              {t('create')}
            </Button>
          ) : undefined
        }
        batchActions={
          canWrite
            ? ({ ids, rows, clear }) => <BatchDeleteButton del={del} ids={ids} names={rows.map((r) => r.display_name)} clear={clear} />
            : undefined
        }
      />
    </div>
  );
}
