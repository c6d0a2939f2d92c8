import { type MutableRefObject, type Ref, useImperativeHandle } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormInstance } from 'antd/es/form';
import type { ProductInstance } from '@bo/shared/schemas/product';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { translateValidationKey } from '../../components/resource/field-rules.ts';
import type { InstanceInput, useUpdateInstance } from './api.ts';
import './i18n.ts';

export type Row = InstanceInput;
export const FIELDS = ['sku', 'price', 'stock', 'photo_id'] as const;
export const rowKey = (id: number) => `i${id}`;
export const rowOf = (i: ProductInstance): Row => ({ sku: i.sku, price: i.price, stock: i.stock, photo_id: i.photo_id });

/** The product form's main save reaches the rows edited here: checked before the product is sent, saved after it. */
export interface InstanceEdits {
  /** Throws (the errors on the rows) when an edited row is invalid. */
  check(): Promise<void>;
  /** Saves every edited row; throws naming the rows the server refused (their errors on the rows). */
  saveEdited(): Promise<void>;
}

interface Options {
  form: FormInstance<{ rows: Record<string, Row> }>;
  update: ReturnType<typeof useUpdateInstance>;
  /** What the server last said of each row (product-instances.tsx). */
  baseline: MutableRefObject<Map<string, Row>>;
  edits?: Ref<InstanceEdits>;
  /** The rows edited now. */
  edited: ProductInstance[];
}

/**
 * Saving instance rows: one row (its own save button), or every edited row for the product form's
 * main save (`edits`: checked before the product is sent, saved after it), so one save keeps the whole product.
 */
export function useInstanceRowSaves({ form, update, baseline, edits, edited }: Options) {
  const { t } = useTranslation('product');
  const pathsOf = (id: number) => FIELDS.map((f) => ['rows', rowKey(id), f]);

  /** Sends one row; false when the server refused it (its field errors on the row, anything else as a toast). */
  const putRow = async (i: ProductInstance, values: Row, quiet = false): Promise<boolean> => {
    const key = rowKey(i.id);
    try {
      const saved = await update.mutateAsync({ id: i.id, body: { ...values, photo_id: values.photo_id ?? null } });
      baseline.current.set(key, rowOf(saved));
      form.setFieldsValue({ rows: { [key]: rowOf(saved) } });
      return true;
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? Object.entries(e.errors ?? {}) : [];
      const onRow = fieldErrors.filter((e): e is [(typeof FIELDS)[number], string[]] => (FIELDS as readonly string[]).includes(e[0]));
      if (onRow.length) form.setFields(onRow.map(([f, keys]) => ({ name: ['rows', key, f], errors: keys.map(translateValidationKey) })));
      else if (!quiet) toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
      return false;
    }
  };

  // The handle is renewed on each render: the product form's save always sees the rows edited now.
  useImperativeHandle(edits, () => ({
    async check() {
      const rowsEdited = edited;
      if (!rowsEdited.length) return;
      try {
        await form.validateFields(rowsEdited.flatMap((i) => pathsOf(i.id)));
      } catch {
        throw new Error(t('instancesInvalid', { names: rowsEdited.map((i) => i.name).join('、') }));
      }
    },
    async saveEdited() {
      const failed: string[] = [];
      for (const i of edited) {
        const values = form.getFieldValue(['rows', rowKey(i.id)]) as Row;
        if (!(await putRow(i, values, true))) failed.push(i.name);
      }
      if (failed.length) throw new Error(t('instancesNotSaved', { names: failed.join('、') }));
    },
  }));

  return { pathsOf, putRow };
}
