import { describe, expect, it } from 'vitest';
import type { FormInstance, Rule, RuleObject } from 'antd/es/form';
import { loginBody, passwordField, profileUpdateBody } from '@bo/shared/schemas/account';
import { membershipInput } from '@bo/shared/schemas/admin';
import { staffFieldRules } from '@bo/shared/schemas/staff';
import i18n from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerErrors, sameAsRule, schemaRule } from './field-rules.ts';

const check = async (rule: Rule, value: unknown, fields: Record<string, unknown> = {}) => {
  const r = (typeof rule === 'function' ? rule({ getFieldValue: (n: string) => fields[n] } as never) : rule) as RuleObject;
  try {
    await r.validator!(r, value, () => {});
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

describe('schema rules carry the spec translation keys', () => {
  it('required, email and password from the account schemas', async () => {
    await i18n.changeLanguage('en-US');
    expect(await check(schemaRule(loginBody.shape.email), '  ')).toBe('This field is required');
    expect(await check(schemaRule(loginBody.shape.email), 'nope')).toBe('The email address is not valid');
    expect(await check(schemaRule(loginBody.shape.email), 'a@b.co')).toBeNull();
    expect(await check(schemaRule(passwordField), 'abc')).toBe('At least 4 characters');
    expect(await check(schemaRule(passwordField), '')).toBe('This field is required');
    expect(await check(schemaRule(passwordField), 'abcd')).toBeNull();
    expect(await check(schemaRule(profileUpdateBody.shape.name.unwrap()), undefined)).toBe('This field is required');
  });
  it('an optional field passes empty and still checks a value', async () => {
    await i18n.changeLanguage('zh-TW');
    expect(await check(schemaRule(staffFieldRules.mobile), '')).toBeNull();
    expect(await check(schemaRule(staffFieldRules.mobile), '0812345678')).toBe('電話號碼格式不正確');
    expect(await check(schemaRule(staffFieldRules.mobile), '+886912345678')).toBeNull();
  });
  it('an empty value a schema refuses without a key of its own reads as required (an unpicked select)', async () => {
    await i18n.changeLanguage('zh-TW');
    expect(await check(schemaRule(membershipInput.shape.organization_id), undefined)).toBe('此欄位為必填');
    expect(await check(schemaRule(membershipInput.shape.organization_id), 0)).toBe('格式不正確');
  });
  it('a loaded schema is fetched at the first check', async () => {
    await i18n.changeLanguage('en-US');
    let loads = 0;
    const rule = schemaRule(async () => {
      loads += 1;
      return loginBody.shape.email;
    });
    expect(loads).toBe(0);
    expect(await check(rule, 'nope')).toBe('The email address is not valid');
    expect(loads).toBe(1);
  });
  it('a confirmation must equal its field', async () => {
    await i18n.changeLanguage('en-US');
    expect(await check(sameAsRule('password'), 'abcd', { password: 'abcd' })).toBeNull();
    expect(await check(sameAsRule('password'), 'abce', { password: 'abcd' })).not.toBeNull();
    expect(await check(sameAsRule('password'), '', { password: 'abcd' })).toBeNull();
  });
});

describe('server field errors', () => {
  const formWith = (values: Record<string, unknown>) => {
    const set: unknown[] = [];
    return { set, form: { getFieldsValue: () => values, setFields: (f: unknown[]) => set.push(...f) } as unknown as FormInstance };
  };
  it('land on the fields the form has, translated', async () => {
    await i18n.changeLanguage('en-US');
    const { form, set } = formWith({ email: 'x', password: 'y' });
    const e = new ApiError(422, 'invalid', { email: ['validate.error.email_incorrect'] });
    expect(applyServerErrors(form, e)).toBe(true);
    expect(set).toEqual([{ name: ['email'], errors: ['The email address is not valid'] }]);
  });
  it('report false for errors on no field of the form, or for no field errors at all', () => {
    const { form, set } = formWith({ email: 'x' });
    expect(applyServerErrors(form, new ApiError(422, 'invalid', { _: ['validate.error.invalid'] }))).toBe(false);
    expect(applyServerErrors(form, new ApiError(401, 'wrong password'))).toBe(false);
    expect(applyServerErrors(form, new Error('network'))).toBe(false);
    expect(set).toEqual([]);
  });
});
