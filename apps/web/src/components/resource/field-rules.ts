import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@bo/shared/validators';
import i18n from '../../i18n/index.ts';

/**
 * An antd rule from a field of a shared zod schema, so the form checks exactly what the server
 * checks, with the same translation keys (`validate.error.*`):
 *
 *   <Form.Item name="email" rules={[schemaRule(adminInput.shape.email)]} required>
 *
 * An empty value is checked as '' so a required string reports validate.error.required.
 */
export function schemaRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value) => {
      const empty = value === undefined || value === null || value === '';
      let r = schema.safeParse(empty ? undefined : value);
      if (!r.success && empty) r = schema.safeParse('');
      if (r.success) return;
      const key = r.error.issues[0]?.message ?? '';
      throw new Error(translateValidationKey(key));
    },
  };
}

/** A server or schema translation key, or the generic "invalid" message for anything else. */
export const translateValidationKey = (key: string): string =>
  key.startsWith('validate.') ? i18n.t(key, { n: PASSWORD_MIN_LENGTH, defaultValue: i18n.t('validate.error.invalid') }) : i18n.t('validate.error.invalid');
