import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import { DEFAULT_NS } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useSession } from '../../lib/session.ts';
import { PageHeader } from '../page-header.tsx';
import { ListFilters } from './list-filters.tsx';
import { CreateButton } from './create-button.tsx';
import { ResourceTable } from './resource-table.tsx';
import { keepEnterInPickers } from './enter-in-pickers.ts';
import { ResourceFields } from './resource-fields.tsx';
import { useDeleteRows } from './use-delete-rows.ts';
import { useListParams } from './use-list-params.ts';
import { useServerFieldErrors } from './use-server-field-errors.ts';
import { createResourceApi } from './resource-api.ts';
import type { ResourceScreenConfig } from './resource-spec.ts';
import './i18n.ts';
import { BatchDeleteButton } from './batch-delete-button.tsx';

type Row = { id: number } & Record<string, unknown>;

/** A cell without a `render`: timestamps (`…_at`) in the user's format, anything else as text. */
const cell = (key: string, v: unknown) =>
  v === null || v === undefined || v === '' ? (
    '—'
  ) : key.endsWith('_at') && typeof v === 'string' ? (
    <span className="nowrap">{formatDateTime(v)}</span>
  ) : (
    String(v)
  );

/** The list screen of a declared resource: filters, a server-paged table, create, edit and delete. */
export function listScreen(c: ResourceScreenConfig) {
  const { spec } = c;
  const resource = createResourceApi<Row, Record<string, unknown>>(spec.apiPath, {
    organization: c.organization,
    target: spec.leaseTarget,
  });
  const filterNames = (spec.filters ?? []).map((f) => f.name);
  const linkKey = (spec.columns.find((col) => col.link) ?? spec.columns[0])?.key;
  const rowName = spec.rowName ?? ((r: Row) => String(r[spec.columns[0]?.key ?? 'id'] ?? r.id));
  const updatePath = (id: number) => `${c.basePath}/${id}/update`;
  // biome-ignore lint/correctness/noComponentHookFactories: built once per declared resource when the route table is built, never during a render
  return function ResourceListScreen() {
    const { t } = useTranslation('resource');
    const navigate = useNavigate();
    const { can } = useSession();
    const canWrite = can(c.roles.write);
    const list = useListParams(filterNames, spec.list);
    const q = useQuery(resource.list(list.query));
    const del = useDeleteRows(resource);
    const create = resource.useCreate();
    const [open, setOpen] = useState(false);
    const [form] = Form.useForm<Record<string, unknown>>();
    const { onError, formError } = useServerFieldErrors(form);
    const canCreate = canWrite && c.create !== false;
    const startCreate = () => (c.create === 'dialog' ? setOpen(true) : navigate(`${c.basePath}/create`));
    const createLabel = spec.createLabel ? t(spec.createLabel) : t('create');

    const columns = useMemo<ColumnsType<Row>>(
      () => [
        ...spec.columns.map((col) => ({
          key: col.key,
          title: t(col.title),
          sorter: col.sortable,
          render: (_: unknown, r: Row) => {
            const content = col.render ? col.render(r as never) : cell(col.key, r[col.key]);
            return col.key === linkKey ? <Link to={updatePath(r.id)}>{content}</Link> : content;
          },
        })),
        ...(canWrite
          ? [
              {
                key: 'actions',
                title: t('actions'),
                fixed: 'right' as const,
                className: 'resource-row-actions',
                render: (_: unknown, r: Row) => (
                  <Flex gap={4}>
                    <Button size="small" onClick={() => navigate(updatePath(r.id))}>
                      {t('edit')}
                    </Button>
                    <Button size="small" danger onClick={() => void del([r.id], [rowName(r)])}>
                      {t('delete')}
                    </Button>
                  </Flex>
                ),
              },
            ]
          : []),
      ],
      [canWrite, t, navigate, del],
    );

    const ListActions = spec.listActions;
    const BatchActions = spec.batchActions;
    const createButton = canCreate ? <CreateButton onClick={startCreate} label={createLabel} testId={`${c.name}-create`} /> : undefined;
    const headerExtra = ListActions ? (
      <Flex gap={8} wrap>
        <ListActions canWrite={canWrite} />
        {createButton}
      </Flex>
    ) : (
      createButton
    );
    return (
      <div className={`page ${c.name}-list-page`}>
        <PageHeader extra={headerExtra} />
        <ListFilters
          list={list}
          placeholder={spec.searchPlaceholder && t(spec.searchPlaceholder)}
          selects={(spec.filters ?? []).map((f) => ({
            name: f.name,
            label: t(f.label),
            placeholder: t(f.label),
            options: f.options.map((o) => ({ value: o.value, label: t(o.label) })),
          }))}
        />
        <ResourceTable<Row>
          query={q}
          list={list}
          order={canWrite && spec.order ? { apiPath: spec.apiPath, scope: spec.order.scope, name: rowName } : undefined}
          columns={columns}
          leases={{ targetType: spec.leaseTarget ?? c.name.replaceAll('-', '_'), organization: c.organization }}
          testId={spec.tableTestId ?? `${c.name}-table`}
          emptyText={spec.emptyText ? { empty: t(spec.emptyText) } : undefined}
          emptyAction={
            canCreate ? (
              <Button type="primary" onClick={startCreate}>
                {createLabel}
              </Button>
            ) : undefined
          }
          batchActions={
            canWrite
              ? ({ ids, rows, clear }) => (
                  <>
                    {BatchActions ? <BatchActions ids={ids} rows={rows} clear={clear} /> : null}
                    <BatchDeleteButton del={del} ids={ids} names={rows.map(rowName)} clear={clear} testId="batch-delete" />
                  </>
                )
              : undefined
          }
        />
        {c.create === 'dialog' ? (
          <Modal
            open={open}
            title={t(`route.${c.name}.create`, { ns: DEFAULT_NS })}
            okText={t('save')}
            cancelText={t('cancel')}
            confirmLoading={create.isPending}
            destroyOnHidden
            onCancel={() => setOpen(false)}
            onOk={() => form.submit()}
          >
            <Form
              form={form}
              layout="vertical"
              initialValues={spec.defaults}
              preserve={false}
              onKeyDown={keepEnterInPickers}
              onFinish={async (v) => {
                try {
                  const created = await create.mutateAsync(v);
                  toast.success({ title: t('created'), duration: SHELL_TOAST.duration });
                  setOpen(false);
                  navigate(updatePath(created.id));
                } catch (e) {
                  onError(e);
                }
              }}
            >
              <ResourceFields fields={spec.fields} schema={spec.schema} />
              {formError ? <div className="ant-form-item-explain-error">{formError}</div> : null}
            </Form>
          </Modal>
        ) : null}
      </div>
    );
  };
}
