import { useCallback, useState } from 'react';
import type { FormInstance } from 'antd/es/form';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { translateValidationKey } from './field-rules.ts';

/** 'memberships.0.organization_id' → ['memberships', 0, 'organization_id'] (antd name paths). */
const failedSaves = new WeakMap<FormInstance, number>();
/** How many saves of this form ended in `onError`: ResourceForm keeps the form "unsaved" after one. */
export const failedSaveCount = (form: FormInstance): number => failedSaves.get(form) ?? 0;

export const toNamePath = (field: string): (string | number)[] => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * Server field errors (`{errors: {field: [keys]}}`) shown on the form's fields. Errors for fields
 * the form does not have (or `_`, the whole record) become `formError`, shown above the buttons;
 * anything else (network, 403, 404) becomes a toast.
 *
 *   const { onError, formError } = useServerFieldErrors(form);
 *   try { await save(values) } catch (e) { onError(e) }
 */
export function useServerFieldErrors(form: FormInstance) {
  const [formError, setFormError] = useState<string | null>(null);
  const onError = useCallback((e: unknown) => {
    failedSaves.set(form, failedSaveCount(form) + 1);
    setFormError(null);
    if (e instanceof ApiError && e.errors) {
      const values = form.getFieldsValue(true) ?? {};
      const has = (path: (string | number)[]) => {
        let v: unknown = values;
        for (const p of path) {
          if (v === null || typeof v !== 'object' || !(p in (v as object))) return false;
          v = (v as Record<string | number, unknown>)[p];
        }
        return true;
      };
      const onFields: { name: (string | number)[]; errors: string[] }[] = [];
      const rest: string[] = [];
      for (const [field, keys] of Object.entries(e.errors)) {
        const path = toNamePath(field);
        const messages = keys.map(translateValidationKey);
        if (field !== '_' && has(path)) onFields.push({ name: path, errors: messages });
        else rest.push(...messages);
      }
      if (onFields.length) {
        form.setFields(onFields);
        form.scrollToField(onFields[0].name, { block: 'center' });
      }
      if (rest.length) setFormError(rest.join(' '));
      if (onFields.length || rest.length) return;
    }
    toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
  }, [form]);
  return { onError, formError, clearFormError: () => setFormError(null) };
}
