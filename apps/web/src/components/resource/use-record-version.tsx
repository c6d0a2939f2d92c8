import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd/es/form';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { api, onWriteAnswer } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { ConflictDialog } from './conflict-dialog.tsx';
import { type Choice, type FieldDifference, fieldDifferences, mergeValues, sameValue } from './conflict-merge.ts';
import {
  type ChangedBy,
  conflictsOf,
  isVersionRequired,
  type RecordVersionAnswer,
  type VersionTarget,
  versionOf,
} from './record-version.ts';
import './i18n.ts';

/** How often an open form asks whether its record moved on (besides when the window regains focus). */
export const VERSION_POLL_MS = 60_000;

type Values = Record<string, unknown>;

export interface UseRecordVersionOptions<R, V> {
  form: FormInstance<V>;
  /** The record as the cache has it now (undefined while it loads or on a create screen). */
  record: R | null | undefined;
  toValues(record: R): Partial<V>;
  /** What counts the record's version (an audit target): polled on focus and every 60 s. None: not polled. */
  target?: VersionTarget | null;
  /** The record's API path: the answers of this tab's writes under it (a scan, a photo) move the version on. */
  writePath?: string;
  /** Reads the record as it is now ("load their version"). */
  refetch(): Promise<R | undefined>;
  /** Saves again, once the user chose after a refused save. */
  resubmit(): void;
  /** Field labels where the form's own label is not found (a field without a label of its own). */
  labels?: Record<string, string>;
  /** The record's values went into the form (the form has no unsaved edits now). */
  onLoaded?(): void;
}

interface Open {
  purpose: 'save' | 'load';
  changedBy: ChangedBy | null;
  changedAt: string | null;
  diffs: FieldDifference[];
  version: number | undefined;
  theirs: Values;
}

/**
 * The version a form's record was loaded at (issue 36), and what keeps the user's edits safe:
 * - the record's values go into the form when it loads and when it changes while the user has
 *   changed nothing; a refetch never replaces edits in progress (the form then says it is behind);
 * - `version()` is what the save sends (`If-Match`), `saved(record)` moves it on after a save;
 * - a 409 "edited elsewhere" (`handleError`) opens the field-by-field dialog, then saves again with
 *   the new version; a 428 says the save had no version;
 * - `notice` is the "王小明 changed this at 10:42" bar and the dialog: render it above the form.
 */
export function useRecordVersion<R extends object, V extends object>(o: UseRecordVersionOptions<R, V>) {
  const { t } = useTranslation('resource');
  const { form, record, target } = o;
  const opts = useRef(o);
  opts.current = o;
  const loaded = useRef<{ key: unknown; version: number | undefined; base: Values } | null>(null);
  const [loadedVersion, setLoadedVersion] = useState<number | undefined>(undefined);
  const [dialog, setDialog] = useState<Open | null>(null);
  const autoSaved = useRef(false);

  const idOf = (r: R | null | undefined) => (r as { id?: number | string } | null | undefined)?.id;
  const keyOf = (r: R) => opts.current.target?.id ?? idOf(r);
  const field = (n: string): unknown => (form as FormInstance).getFieldValue(n);
  const formValues = (names: string[]): Values => Object.fromEntries(names.map((n) => [n, field(n)]));
  const edited = () => {
    const base = loaded.current?.base;
    return !!base && Object.keys(base).some((n) => !sameValue(field(n), base[n]));
  };
  const setVersion = (version: number | undefined) => {
    if (loaded.current) loaded.current.version = version;
    setLoadedVersion(version);
  };
  const load = (r: R) => {
    const base = opts.current.toValues(r) as Values;
    loaded.current = { key: keyOf(r), version: versionOf(r), base };
    setLoadedVersion(versionOf(r));
    form.setFieldsValue(base as Parameters<typeof form.setFieldsValue>[0]);
    opts.current.onLoaded?.();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer of the record is the only trigger (the helpers read refs)
  useEffect(() => {
    if (!record) return;
    const cur = loaded.current;
    if (cur && cur.key === keyOf(record)) {
      const v = versionOf(record);
      if (v !== undefined && v === cur.version) return;
      if (edited()) return;
    }
    load(record);
  }, [record]);

  // This tab's own writes of the record's children (a scan, a photo) answer its new version: taken
  // when it follows the loaded one directly (nobody else wrote in between).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listener reads the record and the version through refs
  useEffect(() => {
    const path = o.writePath;
    if (!path) return;
    return onWriteAnswer((url, answer) => {
      const cur = loaded.current;
      const v = versionOf(answer);
      if (!cur || v === undefined || cur.version === undefined || v !== cur.version + 1) return;
      if (url !== path && !url.startsWith(`${path}/`)) return;
      const id = (answer as { id?: unknown }).id;
      if (id !== undefined && String(id) !== String(cur.key) && String(id) !== String(idOf(opts.current.record))) return;
      setVersion(v);
    });
  }, [o.writePath]);

  const poll = useQuery({
    queryKey: ['record-versions', target?.type, target?.id],
    queryFn: ({ signal }) =>
      api.get<RecordVersionAnswer>(
        `/api/admin/record-versions/${encodeURIComponent(target!.type)}/${encodeURIComponent(String(target!.id))}`,
        null,
        { signal, silent: true },
      ),
    enabled: !!target && loadedVersion !== undefined,
    refetchInterval: VERSION_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
    retry: false,
  });
  const cachedVersion = versionOf(record);
  const behind =
    loadedVersion === undefined
      ? null
      : poll.data && poll.data.version > loadedVersion
        ? poll.data
        : cachedVersion !== undefined && cachedVersion > loadedVersion
          ? { version: cachedVersion, changed_by: null, changed_at: null }
          : null;

  const openDialog = (purpose: Open['purpose'], current: R, version: number | undefined, by: ChangedBy | null, at: string | null) => {
    const theirs = opts.current.toValues(current) as Values;
    const mine = formValues(Object.keys(theirs));
    setDialog({
      purpose,
      changedBy: by,
      changedAt: at,
      diffs: fieldDifferences(loaded.current?.base ?? null, mine, theirs),
      version,
      theirs,
    });
  };

  const apply = (choices: Record<string, Choice | undefined>) => {
    if (!dialog) return;
    const mine = formValues(Object.keys(dialog.theirs));
    const merged = mergeValues(mine, dialog.diffs, choices);
    loaded.current = { key: loaded.current?.key, version: dialog.version, base: dialog.theirs };
    setLoadedVersion(dialog.version);
    form.setFieldsValue(merged as Parameters<typeof form.setFieldsValue>[0]);
    setDialog(null);
    if (dialog.purpose === 'save') opts.current.resubmit();
  };

  const loadTheirs = async () => {
    const current = await opts.current.refetch();
    if (!current) return;
    openDialog('load', current, versionOf(current), behind?.changed_by ?? null, behind?.changed_at ?? null);
  };

  /** A refused save: true when it was about the version (the dialog or a message took it over). */
  const handleError = (e: unknown): boolean => {
    if (isVersionRequired(e)) {
      toast.error({ title: t('versionRequired'), duration: SHELL_TOAST.duration });
      return true;
    }
    const conflict = conflictsOf<R>(e)?.[0];
    if (!conflict) return false;
    const theirs = opts.current.toValues(conflict.current) as Values;
    // Nothing of the form differs from the record as it is now (a change of a part the form does not
    // show, or the user's own change elsewhere): nothing to choose, saved again at the new version once.
    if (!autoSaved.current && fieldDifferences(null, formValues(Object.keys(theirs)), theirs).length === 0) {
      autoSaved.current = true;
      loaded.current = { key: loaded.current?.key, version: conflict.version, base: theirs };
      setLoadedVersion(conflict.version);
      setTimeout(() => opts.current.resubmit(), 0);
      return true;
    }
    autoSaved.current = false;
    openDialog('save', conflict.current, conflict.version, conflict.changed_by, conflict.changed_at);
    return true;
  };

  const labelOf = (name: string) => opts.current.labels?.[name] ?? formLabel(name) ?? name;
  const who = behind?.changed_by?.name ?? t('conflict.someone');
  const notice: ReactNode = (
    <>
      {behind && !dialog ? (
        <Alert
          type="warning"
          showIcon
          className="record-behind"
          data-testid="record-behind"
          title={
            behind.changed_at
              ? t('behind.changedAt', { name: who, time: formatDateTime(behind.changed_at, 'HH:mm') })
              : t('behind.changed', { name: who })
          }
          description={t('behind.hint')}
          action={
            <Button size="small" onClick={() => void loadTheirs()} data-testid="record-behind-load">
              {t('behind.load')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {dialog ? (
        <ConflictDialog
          open
          purpose={dialog.purpose}
          changedBy={dialog.changedBy}
          changedAt={dialog.changedAt}
          diffs={dialog.diffs}
          labelOf={labelOf}
          onApply={apply}
          onCancel={() => setDialog(null)}
        />
      ) : null}
    </>
  );

  return {
    /** The version the form's values were loaded at: what the save sends as `If-Match`. */
    version: () => loaded.current?.version,
    /** After a save: its answer is what the form now shows, at its version (or the later one of this tab's own writes since). */
    saved: (r: R) => {
      autoSaved.current = false;
      const cur = loaded.current;
      const ours = cur && cur.key === keyOf(r) ? cur.version : undefined;
      load(r);
      const v = versionOf(r);
      if (ours !== undefined && v !== undefined && ours > v) setVersion(ours);
    },
    handleError,
    behind: !!behind,
    notice,
  };
}

/** A field's label as the form shows it (antd's label points at the field's id: its name, or `form_name`). */
function formLabel(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const label of document.querySelectorAll('label[for]')) {
    const f = label.getAttribute('for') ?? '';
    if (f === name || f.endsWith(`_${name}`)) return label.textContent?.trim() || null;
  }
  return null;
}
