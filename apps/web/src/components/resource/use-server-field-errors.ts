import { useCallback, useState } from 'react';
import type { FormInstance } from 'antd/es/form';
import { errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { serverFieldErrors } from './field-rules.ts';

const failedSaves = new WeakMap<FormInstance, number>();
/** How many saves of this form ended in `onError`: ResourceForm keeps the form "unsaved" after one. */
export const failedSaveCount = (form: FormInstance): number => failedSaves.get(form) ?? 0;

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
  const onError = useCallback(
    (e: unknown) => {
      failedSaves.set(form, failedSaveCount(form) + 1);
      setFormError(null);
      const split = serverFieldErrors(form, e);
      if (split) {
        const { onFields, rest } = split;
        if (onFields.length) {
          form.setFields(onFields);
          form.scrollToField(onFields[0].name, { block: 'center' });
        }
        if (rest.length) setFormError(rest.join(' '));
        if (onFields.length || rest.length) return;
      }
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    },
    [form],
  );
  return { onError, formError, clearFormError: () => setFormError(null) };
}
