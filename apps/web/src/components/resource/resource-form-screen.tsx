import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import Form from 'antd/es/form';
import Button from 'antd/es/button';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useRouteMeta } from '../../lib/route-meta.ts';
import { useSession } from '../../lib/session.ts';
import { PageHeader } from '../page-header.tsx';
import { ResourceForm } from './resource-form.tsx';
import { ResourceFields } from './resource-fields.tsx';
import { useServerFieldErrors } from './use-server-field-errors.ts';
import { createResourceApi } from './resource-api.ts';
import type { ResourceScreenConfig } from './resource-spec.ts';
import { ResourceRecordContext } from './resource-record.ts';
import './i18n.ts';

type Row = { id: number } & Record<string, unknown>;

/** The create and update screen of a declared resource (the route's mode says which). */
export function formScreen(c: ResourceScreenConfig) {
  const resource = createResourceApi<Row, Record<string, unknown>>(c.spec.apiPath, { organization: c.organization });
  const names = c.spec.fields.map((f) => f.name);
  // biome-ignore lint/correctness/noComponentHookFactories: built once per declared resource when the route table is built, never during a render
  return function ResourceFormScreen() {
    const { t } = useTranslation('resource');
    const { mode = 'update' } = useRouteMeta();
    const { target } = useParams();
    const navigate = useNavigate();
    const { can } = useSession();
    const [form] = Form.useForm<Record<string, unknown>>();
    const { onError, formError } = useServerFieldErrors(form);
    const one = useQuery(resource.one(mode === 'update' ? target : undefined));
    const create = resource.useCreate();
    const update = resource.useUpdate();
    const initialValues = useMemo(() => c.spec.defaults ?? {}, []);
    useEffect(() => {
      if (one.data) form.setFieldsValue(Object.fromEntries(names.map((n) => [n, one.data[n]])));
    }, [one.data, form]);
    const firstColumn = c.spec.columns[0]?.key;
    const Detail = c.spec.detail;
    const canWrite = can(c.roles.write);
    return (
      <div className={`page ${c.name}-form-page`}>
        <PageHeader
          title={mode === 'update' && firstColumn && one.data ? String(one.data[firstColumn] ?? '') : undefined}
          extra={<Button onClick={() => navigate(c.basePath)}>{t('back')}</Button>}
        />
        <ResourceForm<Record<string, unknown>>
          form={form}
          mode={mode}
          loading={one.isPending}
          loadError={one.error}
          onRetry={() => void one.refetch()}
          submitting={create.isPending || update.isPending}
          formError={formError}
          onCancel={() => navigate(c.basePath)}
          initialValues={initialValues}
          disabled={!canWrite}
          onSubmit={async (v) => {
            try {
              if (mode === 'create') {
                const created = await create.mutateAsync(v);
                navigate(`${c.basePath}/${created.id}/update`, { replace: true });
              } else await update.mutateAsync({ id: Number(target), body: v });
              toast.success({ title: t(mode === 'create' ? 'created' : 'saved'), duration: SHELL_TOAST.duration });
            } catch (e) {
              onError(e);
            }
          }}
        >
          <ResourceRecordContext.Provider value={one.data ?? null}>
            <ResourceFields fields={c.spec.fields} schema={c.spec.schema} />
          </ResourceRecordContext.Provider>
        </ResourceForm>
        {Detail && mode === 'update' && one.data ? <Detail record={one.data as never} canWrite={canWrite} /> : null}
      </div>
    );
  };
}
