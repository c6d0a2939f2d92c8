import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { PageHeader } from '../page-header.tsx';
import { ResourceForm, type ResourceFormProps } from './resource-form.tsx';
import { ResourceRecordContext } from './resource-record.ts';
import { ViewOnSiteButton } from './view-on-site-button.tsx';
import type { EditLeaseTarget } from '../edit-lease/use-edit-lease.ts';
import './i18n.ts';

export interface ContentFormScreenProps<V> {
  /** The resource's name: the screen's class is `{name}-form-page`. */
  name: string;
  /** What useResourceForm answers for the screen. */
  resourceForm: {
    mode: 'create' | 'update';
    record: Record<string, unknown> | null;
    formProps: Omit<ResourceFormProps<V>, 'children'>;
    back(): void;
  };
  /** The record's name, the heading of an update screen. */
  title?: string;
  /** The record's API path: the header has "view on the website" once the record is loaded. */
  apiPath?: string;
  /** In the header, before the back button: the record's status, its history. */
  headerExtra?: ReactNode;
  initialValues: Partial<V>;
  testId?: string;
  /** The wide column (title, body, language versions) and the side one (status, category, photos). */
  main: ReactNode;
  side: ReactNode;
  /** Below the form: what belongs to a saved record (its instances, its revisions). */
  after?: ReactNode;
  /** The record's edit lease (issue 36): ResourceForm's `lease`. */
  lease?: EditLeaseTarget;
}

/**
 * The create and update screen of site content (pages, products): a header with the record's name,
 * status and the way back, the form in a main and a side column, and what the record has besides.
 */
export function ContentFormScreen<V>({
  name,
  resourceForm,
  title,
  apiPath,
  headerExtra,
  initialValues,
  testId,
  main,
  side,
  after,
  lease,
}: ContentFormScreenProps<V>) {
  const { t } = useTranslation('resource');
  const { mode, record, formProps, back } = resourceForm;
  return (
    <div className={`page ${name}-form-page`}>
      <PageHeader
        title={mode === 'update' ? title : undefined}
        extra={
          <Flex gap={8} align="center" wrap>
            {headerExtra}
            {apiPath && record ? (
              <ViewOnSiteButton apiPath={apiPath} record={record as { id: number; updated_at?: string | null }} />
            ) : null}
            <Button onClick={back}>{t('back')}</Button>
          </Flex>
        }
      />
      <ResourceRecordContext.Provider value={record}>
        <ResourceForm<V> {...formProps} initialValues={initialValues} testId={testId} lease={lease}>
          <div className="content-form-grid">
            <div className="content-form-main">{main}</div>
            <div className="content-form-side">{side}</div>
          </div>
        </ResourceForm>
      </ResourceRecordContext.Provider>
      {after}
    </div>
  );
}
