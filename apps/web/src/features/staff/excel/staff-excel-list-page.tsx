import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { ROLES } from '@bo/shared/permissions';
import { STAFF_EXCEL_LAYOUTS } from '@bo/shared/schemas/staff-excel';
import { useSession } from '../../../lib/session.ts';
import { useAppConfig } from '../../../lib/settings.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { codeSelect, ListFilters } from '../../../components/resource/list-filters.tsx';
import { dateTimeColumn, ResourceTable } from '../../../components/resource/resource-table.tsx';
import { useDeleteRows } from '../../../components/resource/use-delete-rows.ts';
import { useListParams } from '../../../components/resource/use-list-params.ts';
import { staffExcelApi, type StaffExcel } from './api.ts';
import './i18n.ts';
import './staff-excel.css';
import { BatchDeleteButton } from '../../../components/resource/batch-delete-button.tsx';

const FILTERS = ['layout'] as const;

export default function StaffExcelListPage() {
  const { t } = useTranslation('staff-excel');
  const { t: tr } = useTranslation('resource');
  const navigate = useNavigate();
  const { can } = useSession();
  const canWrite = can(ROLES.staffWrite);
  const max = useAppConfig().staffExcelMaxCellLimit;
  const list = useListParams(FILTERS, { sort: 'id', order: 'desc' });
  const q = useQuery(staffExcelApi.list(list.query));
  const del = useDeleteRows(staffExcelApi);
  const columns: ColumnsType<StaffExcel> = [
    {
      key: 'name',
      title: t('name'),
      sorter: true,
      render: (_, x) => (
        <Link to={`/admin/staff-excel/${x.id}/update`} data-testid="template-link">
          {x.name}
        </Link>
      ),
    },
    {
      key: 'layout',
      title: t('layout'),
      render: (_, x) => <Tag color={x.layout === 'card' ? 'purple' : 'blue'}>{t(`layoutShort.${x.layout}`)}</Tag>,
    },
    { key: 'cells', title: t('cells'), render: (_, x) => t('cellsCount', { count: x.cells.length, max }) },
    { key: 'file_name', dataIndex: 'file_name', title: t('fileName') },
    dateTimeColumn('updated_at', t('updatedAt')),
    {
      key: 'actions',
      title: tr('actions'),
      className: 'resource-row-actions',
      render: (_, x) => (
        <Flex gap={4}>
          <Button
            size="small"
            type="primary"
            icon={<DownloadOutlined />}
            onClick={() => navigate(`/admin/staff-excel/${x.id}/export`)}
            data-testid="template-export"
          >
            {t('export')}
          </Button>
          <Button size="small" onClick={() => navigate(`/admin/staff-excel/${x.id}/update`)}>
            {tr('edit')}
          </Button>
          {canWrite ? (
            <Button size="small" danger onClick={() => void del([x.id], [x.name])}>
              {tr('delete')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <div className="page staff-excel-list-page">
      <PageHeader
        extra={
          canWrite ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/admin/staff-excel/create')}
              data-testid="template-create"
            >
              {t('create')}
            </Button>
          ) : undefined
        }
      />
      <ListFilters
        list={list}
        selects={[codeSelect(t, 'layout', STAFF_EXCEL_LAYOUTS, { placeholder: 'layout', options: 'layoutShort' })]}
      />
      <ResourceTable<StaffExcel>
        query={q}
        list={list}
        columns={columns}
        testId="staff-excel-table"
        emptyAction={
          canWrite ? (
            <Button type="primary" onClick={() => navigate('/admin/staff-excel/create')}>
              {t('create')}
            </Button>
          ) : undefined
        }
        batchActions={
          canWrite
            ? ({ ids, rows, clear }) => <BatchDeleteButton del={del} ids={ids} names={rows.map((r) => r.name)} clear={clear} />
            : undefined
        }
      />
    </div>
  );
}
