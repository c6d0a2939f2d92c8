import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import Form, { type FormInstance } from 'antd/es/form';
import { useRouteMeta } from '../../lib/route-meta.ts';
import { useSession } from '../../lib/session.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import type { createResourceApi } from './resource-api.ts';
import type { ResourceFormProps } from './resource-form.tsx';
import { useServerFieldErrors } from './use-server-field-errors.ts';
import { useRecordVersion } from './use-record-version.tsx';
import './i18n.ts';

type Saved = { id: number };

/** A resource's api whose create and read answer the record `R` (its list rows may be `Row`s). */
type ResourceFormApi<R extends Saved, Body, Row extends Saved> = Pick<
  ReturnType<typeof createResourceApi<Row, Body, R, R>>,
  'one' | 'useCreate' | 'useUpdate' | 'base' | 'versionTarget'
>;

export interface UseResourceFormOptions<R extends Saved, V, Body, Row extends Saved> {
  api: ResourceFormApi<R, Body, Row>;
  /** The list's path: cancel goes back there, a created record opens at `{basePath}/{id}/update`. */
  basePath: string;
  /** Who may save; anyone else sees the form read-only. */
  writeRoles: readonly string[];
  /** The form's values of a loaded record. */
  toValues(record: R): Partial<V>;
  /** The request body of the form's values (the values themselves when left out). */
  toBody?(values: V): Body;
  /** Kept for the screens that said so: every form now keeps edits in progress across refetches (useRecordVersion). */
  keepEdits?: boolean;
  /** Before anything is sent: what the screen keeps outside the form (rows of its own) checked; throws to stop the save. */
  beforeSave?(values: V): Promise<void>;
  /** After the record is saved, before the toast: uploads that need its id, rows of its own. Throws to say what did not save. */
  afterSave?(saved: R, values: V): Promise<void>;
  /** The toast's words; the resource kit's "created" / "saved" when left out. */
  words?: { created: string; saved: string };
  /** The screen's own reaction to a change (after the hook notes the form dirty). */
  onValuesChange?(changed: Partial<V>, form: FormInstance<V>): void;
}

/**
 * A create/update screen's state: the record of the route (`:target`) or the empty one, the antd
 * form, server field errors, whether the form changed since it was loaded or saved, and the save
 * (create, then open the new record; or update) with its toast. `formProps` goes to ResourceForm.
 *
 *   const rf = useResourceForm({ api: pagesApi, basePath: adminPath('page'), writeRoles: ROLES.page, toValues });
 *   <ResourceForm {...rf.formProps} initialValues={…}>…</ResourceForm>
 */
export function useResourceForm<R extends Saved, V extends object, Body = V, Row extends Saved = R>(
  options: UseResourceFormOptions<R, V, Body, Row>,
) {
  const { api, basePath, writeRoles, toValues, toBody, beforeSave, afterSave, words, onValuesChange } = options;
  const { t } = useTranslation('resource');
  const { mode = 'update' } = useRouteMeta();
  const { target } = useParams();
  const navigate = useNavigate();
  const { can } = useSession();
  const canWrite = can(writeRoles);
  const [form] = Form.useForm<V>();
  const { onError, formError } = useServerFieldErrors(form);
  const one = useQuery(api.one(mode === 'update' ? target : undefined));
  const create = api.useCreate();
  const update = api.useUpdate();
  const [dirty, setDirty] = useState(false);
  const record = one.data ?? null;
  // A save started from outside the form's buttons (saveNow) waits for its outcome here.
  const waiter = useRef<((saved: R | null) => void) | null>(null);
  const version = useRecordVersion<R, V>({
    form,
    record,
    toValues,
    target: mode === 'update' && target ? api.versionTarget(target) : null,
    writePath: mode === 'update' && target ? `${api.base}/${target}` : undefined,
    refetch: async () => (await one.refetch()).data,
    resubmit: () => form.submit(),
    onLoaded: () => setDirty(false),
  });

  const settle = (saved: R | null) => {
    waiter.current?.(saved);
    waiter.current = null;
  };

  const save = async (values: V) => {
    try {
      await beforeSave?.(values);
      const body = toBody ? toBody(values) : (values as unknown as Body);
      const saved = (
        mode === 'create'
          ? await create.mutateAsync(body)
          : await update.mutateAsync({ id: Number(target), body, version: version.version() })
      ) as R;
      await afterSave?.(saved, values);
      if (mode === 'create') navigate(`${basePath}/${saved.id}/update`, { replace: true });
      else version.saved(saved);
      setDirty(false);
      toast.success({
        title: mode === 'create' ? (words?.created ?? t('created')) : (words?.saved ?? t('saved')),
        duration: SHELL_TOAST.duration,
      });
      settle(saved);
    } catch (e) {
      if (!version.handleError(e)) onError(e);
      settle(null);
    }
  };

  /** Submits the form as its save button does; the saved record, or null when it did not validate or save. */
  const saveNow = () =>
    new Promise<R | null>((resolve) => {
      waiter.current = resolve;
      form.submit();
    });

  const formProps = {
    form,
    mode,
    loading: one.isPending,
    loadError: one.error,
    loadFailed: one.isError,
    onRetry: () => void one.refetch(),
    submitting: create.isPending || update.isPending,
    formError,
    onCancel: () => navigate(basePath),
    disabled: !canWrite,
    onSubmit: save,
    notice: version.notice,
    onFinishFailed: () => settle(null),
    onValuesChange: (changed: Partial<V>) => {
      setDirty(true);
      onValuesChange?.(changed, form);
    },
  } satisfies Partial<ResourceFormProps<V>>;

  /** A record saved elsewhere (a restore from its history) replaces the form's values. */
  const takeRecord = (next: R) => {
    form.setFieldsValue(toValues(next) as Parameters<typeof form.setFieldsValue>[0]);
    setDirty(false);
  };

  return { mode, target, form, record, query: one, canWrite, dirty, saveNow, formProps, takeRecord, back: () => navigate(basePath) };
}
