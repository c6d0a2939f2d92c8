import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { PageHeader } from '../page-header.tsx';
import { ResourceForm } from './resource-form.tsx';
import { ResourceFields } from './resource-fields.tsx';
import { useResourceForm } from './use-resource-form.ts';
import { createResourceApi } from './resource-api.ts';
import type { ResourceScreenConfig } from './resource-spec.ts';
import { ResourceRecordContext } from './resource-record.ts';
import { ViewOnSiteButton } from './view-on-site-button.tsx';
import { HistoryPanel, versionOf } from '../history/history-panel.tsx';

type ViewOnSiteRecord = { id: number; updated_at?: string | null };
import './i18n.ts';

type Row = { id: number } & Record<string, unknown>;

/** The create and update screen of a declared resource (the route's mode says which). */
export function formScreen(c: ResourceScreenConfig) {
  const resource = createResourceApi<Row, Record<string, unknown>>(c.spec.apiPath, {
    organization: c.organization,
    target: c.spec.leaseTarget,
  });
  const names = c.spec.fields.map((f) => f.name);
  // biome-ignore lint/correctness/noComponentHookFactories: built once per declared resource when the route table is built, never during a render
  return function ResourceFormScreen() {
    const { t } = useTranslation('resource');
    const initialValues = useMemo(() => c.spec.defaults ?? {}, []);
    const rf = useResourceForm<Row, Record<string, unknown>>({
      api: resource,
      basePath: c.basePath,
      writeRoles: c.roles.write,
      toValues: (record) => Object.fromEntries(names.map((n) => [n, record[n]])),
    });
    const { mode, record, canWrite } = rf;
    const firstColumn = c.spec.columns[0]?.key;
    const Detail = c.spec.detail;
    return (
      <div className={`page ${c.name}-form-page`}>
        <PageHeader
          title={mode === 'update' && firstColumn && record ? String(record[firstColumn] ?? '') : undefined}
          extra={
            <Flex gap={8} align="center" wrap>
              {c.spec.siteLink && record ? <ViewOnSiteButton apiPath={c.spec.apiPath} record={record as ViewOnSiteRecord} /> : null}
              {c.spec.history && mode === 'update' && record ? (
                <HistoryPanel<Row>
                  targetType={c.spec.history}
                  id={record.id}
                  version={versionOf(record)}
                  organization={c.organization}
                  canRestore={canWrite}
                  invalidate={resource.keys.all}
                  onRestored={rf.takeRecord}
                />
              ) : null}
              <Button onClick={rf.back}>{t('back')}</Button>
            </Flex>
          }
        />
        <ResourceForm<Record<string, unknown>>
          {...rf.formProps}
          initialValues={initialValues}
          lease={{ targetType: c.spec.leaseTarget ?? c.name.replaceAll('-', '_'), id: rf.target, organization: c.organization }}
        >
          <ResourceRecordContext.Provider value={record}>
            <ResourceFields fields={c.spec.fields} schema={c.spec.schema} />
          </ResourceRecordContext.Provider>
        </ResourceForm>
        {Detail && mode === 'update' && record ? <Detail record={record as never} canWrite={canWrite} /> : null}
      </div>
    );
  };
}
