import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Form, { type FormInstance, type FormProps } from 'antd/es/form';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Alert from 'antd/es/alert';
import Skeleton from 'antd/es/skeleton';
import { ErrorState } from '../error-state.tsx';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { keepEnterInPickers } from './enter-in-pickers.ts';
import { failedSaveCount } from './use-server-field-errors.ts';
import { EditLeaseBanner } from '../edit-lease/edit-lease-banner.tsx';
import { useEditLease, type EditLeaseTarget } from '../edit-lease/use-edit-lease.ts';
import './i18n.ts';
import './resource.css';

export interface ResourceFormProps<V> extends Omit<FormProps<V>, 'form' | 'onFinish' | 'children'> {
  form: FormInstance<V>;
  /** From the route meta (spec section 4): update waits for the record. */
  mode: 'create' | 'update';
  loading?: boolean;
  loadError?: unknown;
  /** The load failed: also when no response came (the API client rejects with no value then, so `loadError` is undefined). */
  loadFailed?: boolean;
  onRetry?: () => void;
  onSubmit(values: V): void | Promise<void>;
  submitting?: boolean;
  /** Errors that belong to no field (from useServerFieldErrors). */
  formError?: string | null;
  onCancel?: () => void;
  children: ReactNode;
  extraActions?: ReactNode;
  testId?: string;
  /** Unsaved work kept outside the form's fields (a photo chosen, not uploaded yet). */
  dirty?: boolean;
  /** The record an update form edits (issue 36): it holds an edit lease and says who else is editing. */
  lease?: EditLeaseTarget;
  /** Above the fields: that the record changed elsewhere, and the conflict dialog (useRecordVersion). */
  notice?: ReactNode;
}

/**
 * One form component for create and update: loading and load-error states for update, a vertical
 * layout, a record-level error, and an action bar that stays in reach at the bottom of the screen.
 * Enter in a date or select picker never submits the form (enter-in-pickers.ts).
 * An update form shows only once its record loaded: a skeleton before, the error state when it failed.
 * A change the user makes counts as unsaved work (the shell asks before it is lost) until a save
 * ends without `onError` from useServerFieldErrors. A `disabled` form is read-only: no action bar.
 */
export function ResourceForm<V>({
  form,
  mode,
  loading,
  loadError,
  loadFailed,
  onRetry,
  onSubmit,
  submitting,
  formError,
  onCancel,
  children,
  extraActions,
  testId,
  dirty,
  onValuesChange,
  disabled,
  lease,
  notice,
  ...rest
}: ResourceFormProps<V>) {
  const { t } = useTranslation('resource');
  const [edited, setEdited] = useState(false);
  const unsaved = useUnsavedChanges(!disabled && (edited || !!dirty));
  const editLease = useEditLease(mode === 'update' && !disabled && !loading ? (lease ?? null) : null);
  const submit = async (values: V) => {
    const failedBefore = failedSaveCount(form);
    // The screen may navigate once saved (create → update); the guard lets it while the save runs.
    await unsaved.whileSaving(async () => {
      await onSubmit(values);
      if (failedSaveCount(form) === failedBefore) {
        setEdited(false);
        editLease.saved();
      }
    });
  };
  // Update: the form appears only with its record, never empty and editable (an outage says so instead).
  if (mode === 'update' && (loadError || loadFailed))
    return (
      <Card>
        <ErrorState error={loadError} onRetry={onRetry} />
      </Card>
    );
  if (mode === 'update' && loading)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  return (
    <Card className="resource-form">
      <EditLeaseBanner lease={editLease} />
      {notice}
      <Form<V>
        form={form}
        layout="vertical"
        requiredMark
        scrollToFirstError
        disabled={submitting || disabled}
        onFinish={submit}
        onKeyDown={keepEnterInPickers}
        data-testid={testId}
        onValuesChange={(changed, all) => {
          setEdited(true);
          editLease.touched();
          onValuesChange?.(changed, all);
        }}
        {...rest}
      >
        {children}
        {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} data-testid="form-error" /> : null}
        {disabled ? null : (
          <Flex className="resource-form-actions" gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={submitting} data-testid="form-submit">
              {t('save')}
            </Button>
            {onCancel ? <Button onClick={onCancel}>{t('cancel')}</Button> : null}
            {extraActions}
          </Flex>
        )}
      </Form>
    </Card>
  );
}
