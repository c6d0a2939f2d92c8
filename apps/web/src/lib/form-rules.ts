import type { FormInstance } from 'antd/es/form';
import type { Rule } from 'antd/es/form';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import {
  hasMinLength, hasNoForbiddenChars, hasNoWhitespace, isDigits, isEmail, isFilled, isGlobalPhone, isImageFileName,
  isLocalLandline, isLocalMobile, isMobile, isPassword, isStrictString, PASSWORD_MIN_LENGTH,
} from '@bo/shared/validators';
import i18n from '../i18n/index.ts';
import { ApiError } from './api-client.ts';

/**
 * antd Form rules for every section 5 validator, with the spec's translation keys. Messages are
 * translated when validation runs, so they follow a language switch. Empty values pass every rule
 * but `required` (combine them: `rules={[formRules.required(), formRules.email()]}`).
 */
const empty = (v: unknown) => v === undefined || v === null || v === '';
const rule = (test: (v: any) => boolean, key: string, params?: Record<string, unknown>, skipEmpty = true): Rule => ({
  validator: (_r, value) => ((skipEmpty && empty(value)) || test(value) ? Promise.resolve() : Promise.reject(new Error(i18n.t(key, params)))),
});

export const formRules = {
  required: (): Rule => ({ required: true, validator: (_r, v) => (isFilled(v) ? Promise.resolve() : Promise.reject(new Error(i18n.t(VALIDATION_KEYS.required)))) }),
  email: () => rule(isEmail, VALIDATION_KEYS.email),
  minLength: (n: number) => rule((v) => hasMinLength(v, n), VALIDATION_KEYS.tooShort, { n }),
  /** Required and at least 4 characters (or `min`). */
  password: (min = PASSWORD_MIN_LENGTH): Rule => ({
    required: true,
    validator: (_r, v) => !isFilled(v) ? Promise.reject(new Error(i18n.t(VALIDATION_KEYS.required)))
      : isPassword(v, min) ? Promise.resolve() : Promise.reject(new Error(i18n.t(VALIDATION_KEYS.tooShort, { n: min }))),
  }),
  globalPhone: () => rule(isGlobalPhone, VALIDATION_KEYS.phone),
  localMobile: () => rule(isLocalMobile, VALIDATION_KEYS.phone),
  /** Local mobile or global phone. */
  mobile: () => rule(isMobile, VALIDATION_KEYS.phone),
  landline: () => rule(isLocalLandline, VALIDATION_KEYS.phone),
  /** Any phone: mobile, global or landline. */
  phone: () => rule((v) => isMobile(v) || isLocalLandline(v), VALIDATION_KEYS.phone),
  noWhitespace: () => rule(hasNoWhitespace, VALIDATION_KEYS.required, undefined, false),
  forbiddenChars: (chars: readonly string[]) => rule((v) => hasNoForbiddenChars(v, chars), 'validate.error.forbidden_chars', undefined, false),
  strictString: () => rule(isStrictString, 'validate.error.forbidden_chars', undefined, false),
  digits: () => rule(isDigits, 'validate.error.digits'),
  imageFile: () => rule((v: { name?: string } | string) => isImageFileName(typeof v === 'string' ? v : v?.name ?? ''), 'validate.error.image'),
  /** Must equal another field (password confirmation). */
  sameAs: (field: string, key = 'resetPassword.mismatch'): Rule => ({ getFieldValue }) => ({
    validator: (_r, v) => (empty(v) || v === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(i18n.t(key)))),
  }),
};

/** Translates one server translation key (e.g. validate.error.text_too_less). */
export const translateKey = (key: string): string => i18n.t(key, { n: PASSWORD_MIN_LENGTH, defaultValue: key });

/**
 * Puts the server's `errors: {field: [keys]}` on the form's fields. Returns true when at least one
 * field of the form received a message (otherwise show the error elsewhere).
 */
export function applyServerErrors(form: FormInstance, e: unknown): boolean {
  if (!(e instanceof ApiError) || !e.errors) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) ?? {}));
  const fields = Object.entries(e.errors)
    .filter(([name]) => known.has(name))
    .map(([name, keys]) => ({ name, errors: keys.map(translateKey) }));
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
}
