import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { formatDateTime } from '../../i18n/index.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ListFilters } from '../../components/resource/list-filters.tsx';
import { ResourceTable } from '../../components/resource/resource-table.tsx';
import { RoleTags } from '../../components/resource/role-tags.tsx';
import { useDeleteRows } from '../../components/resource/use-delete-rows.ts';
import { useListParams } from '../../components/resource/use-list-params.ts';
import { useServerFieldErrors } from '../../components/resource/use-server-field-errors.ts';
import { adminGroupApi, type AdminGroup, type AdminGroupInput } from './api.ts';
import { AdminGroupFields } from './admin-group-fields.tsx';
import './i18n.ts';

/** The route table has no admin-group/create screen (spec section 2): groups are created in a dialog. */
export default function AdminGroupListPage() {
  const { t } = useTranslation('admin-group');
  const { t: tr } = useTranslation('resource');
  const navigate = useNavigate();
  const list = useListParams([], { sort: 'id', order: 'desc' });
  const q = useQuery(adminGroupApi.list(list.query));
  const create = adminGroupApi.useCreate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AdminGroupInput>();
  const { onError, formError } = useServerFieldErrors(form);
  const members = (g: AdminGroup) => `${g.name} (${t('members')}: ${g.admin_count})`;
  const del = useDeleteRows(adminGroupApi);

  const columns: ColumnsType<AdminGroup> = [
    { key: 'name', title: t('name'), sorter: true, fixed: 'left', render: (_, g) => <Link to={`/admin/admin-group/${g.id}/update`}>{g.name}</Link> },
    { key: 'roles', title: t('roles'), render: (_, g) => <RoleTags roles={g.roles} /> },
    { key: 'admin_count', dataIndex: 'admin_count', title: t('members') },
    { key: 'updated_at', dataIndex: 'updated_at', title: t('updatedAt'), sorter: true, onHeaderCell: () => ({ className: 'nowrap' }), render: (v: string) => <span className="nowrap">{formatDateTime(v)}</span> },
    {
      key: 'actions', title: tr('actions'), fixed: 'right', className: 'resource-row-actions',
      render: (_, g) => (
        <Flex gap={4}>
          <Button size="small" onClick={() => navigate(`/admin/admin-group/${g.id}/update`)}>{tr('edit')}</Button>
          <Button size="small" danger onClick={() => void del([g.id], [members(g)])}>{tr('delete')}</Button>
        </Flex>
      ),
    },
  ];

  return (
    <div className="page admin-group-list-page">
      <PageHeader extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>{t('create')}</Button>} />
      <ListFilters list={list} />
      <ResourceTable<AdminGroup> query={q} list={list} columns={columns}
        emptyAction={<Button type="primary" onClick={() => setOpen(true)}>{t('create')}</Button>}
        batchActions={({ ids, rows, clear }) => (
          <Button danger onClick={async () => { if (await del(ids, rows.map(members))) clear(); }}>{tr('delete')}</Button>
        )} />
      <Modal open={open} title={t('createTitle')} okText={tr('save')} cancelText={tr('cancel')} confirmLoading={create.isPending} destroyOnHidden
        onCancel={() => setOpen(false)} onOk={() => form.submit()}>
        <Form form={form} layout="vertical" initialValues={{ roles: [] }} preserve={false} onFinish={async (v) => {
          try {
            const g = await create.mutateAsync(v);
            toast.success({ title: tr('created'), duration: SHELL_TOAST.duration });
            setOpen(false);
            navigate(`/admin/admin-group/${g.id}/update`);
          } catch (e) { onError(e); }
        }}>
          <AdminGroupFields />
          {formError ? <div className="ant-form-item-explain-error">{formError}</div> : null}
        </Form>
      </Modal>
    </div>
  );
}
