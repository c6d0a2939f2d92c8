import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import i18n from '../i18n/index.ts';
import { formRules } from './form-rules.ts';

const check = async (rule: unknown, value: unknown) => {
  try {
    await (rule as RuleObject).validator!(rule as RuleObject, value, () => {});
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

describe('antd rule adapters carry the spec translation keys', () => {
  it('required, email, minimum length and password', async () => {
    await i18n.changeLanguage('en-US');
    expect(await check(formRules.required(), '  ')).toBe('This field is required');
    expect(await check(formRules.email(), 'nope')).toBe('The email address is not valid');
    expect(await check(formRules.email(), '')).toBeNull();
    expect(await check(formRules.minLength(6), 'abc')).toBe('At least 6 characters');
    expect(await check(formRules.password(), 'abc')).toBe('At least 4 characters');
    expect(await check(formRules.password(), '')).toBe('This field is required');
    expect(await check(formRules.password(), 'abcd')).toBeNull();
  });
  it('phones, whitespace, strict strings and digits', async () => {
    await i18n.changeLanguage('zh-TW');
    expect(await check(formRules.localMobile(), '0812345678')).toBe('電話號碼格式不正確');
    expect(await check(formRules.mobile(), '+886912345678')).toBeNull();
    expect(await check(formRules.landline(), '037123456')).toBeNull();
    expect(await check(formRules.phone(), '12345')).toBe('電話號碼格式不正確');
    expect(await check(formRules.noWhitespace(), 'a b')).toBe('此欄位為必填');
    expect(await check(formRules.noWhitespace(), 12)).toBeNull();
    expect(await check(formRules.strictString(), '好。')).not.toBeNull();
    expect(await check(formRules.digits(), '12a')).not.toBeNull();
  });
});
