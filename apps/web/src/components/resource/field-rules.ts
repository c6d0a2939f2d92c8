import type { FormInstance, Rule } from 'antd/es/form';
import type { z } from 'zod';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { PASSWORD_MIN_LENGTH } from '@bo/shared/validators';
import i18n from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';

/**
 * The one way forms validate: antd rules from fields of the shared zod schemas, so a form checks
 * exactly what the server checks, with the same translation keys (`validate.error.*`), and the
 * server's `errors: {field: [keys]}` put back on the same fields.
 *
 *   <Form.Item name="email" rules={[schemaRule(adminInput.shape.email)]} required>
 *
 * A screen that must not carry zod in its first chunk (sign-in) passes a loader instead: the
 * schema's chunk comes with the first check.
 *
 *   rules={[schemaRule(() => import('@bo/shared/schemas/account').then((m) => m.loginBody.shape.email))]}
 */
export type FieldSchema = z.ZodType | (() => Promise<z.ZodType>);

/** A server or schema translation key, or the generic "invalid" message for anything else. */
export const translateValidationKey = (key: string): string =>
  key.startsWith('validate.') || key.startsWith('review.error.')
    ? i18n.t(key, { n: PASSWORD_MIN_LENGTH, defaultValue: i18n.t('validate.error.invalid') })
    : i18n.t('validate.error.invalid');

/**
 * An empty value is checked as absent, then as ''; refused both ways it reports the schema's key,
 * or validate.error.required when the schema has none for it (an unpicked select, say).
 */
export function schemaRule(field: FieldSchema): Rule {
  return {
    validator: async (_rule, value) => {
      const schema = typeof field === 'function' ? await field() : field;
      const empty = value === undefined || value === null || value === '';
      let r = schema.safeParse(empty ? undefined : value);
      if (!r.success && empty) r = schema.safeParse('');
      if (r.success) return;
      const key = r.error.issues[0]?.message ?? '';
      throw new Error(translateValidationKey(empty && !key.startsWith('validate.') ? VALIDATION_KEYS.required : key));
    },
  };
}

/** Must equal another field of the form (a password confirmation); empty passes, pair it with a schemaRule. */
export const sameAsRule =
  (field: string, key = 'resetPassword.mismatch'): Rule =>
  ({ getFieldValue }) => ({
    validator: async (_r, v) => {
      if (v !== undefined && v !== null && v !== '' && v !== getFieldValue(field)) throw new Error(i18n.t(key));
    },
  });

/** 'memberships.0.organization_id' → ['memberships', 0, 'organization_id'] (antd name paths). */
export const toNamePath = (field: string): (string | number)[] => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * Splits a server refusal's field errors into those the form has a field for (`onFields`, translated)
 * and the rest (`rest`, `_` the whole record among them). Null when the error carries no field errors.
 */
export function serverFieldErrors(
  form: FormInstance,
  e: unknown,
): { onFields: { name: (string | number)[]; errors: string[] }[]; rest: string[] } | null {
  if (!(e instanceof ApiError) || !e.errors) return null;
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
  return { onFields, rest };
}

/**
 * Puts the server's field errors on the form's fields. True when at least one field received a
 * message; otherwise the caller shows the error elsewhere (a banner, a toast).
 */
export function applyServerErrors(form: FormInstance, e: unknown): boolean {
  const split = serverFieldErrors(form, e);
  if (!split?.onFields.length) return false;
  form.setFields(split.onFields);
  return true;
}
