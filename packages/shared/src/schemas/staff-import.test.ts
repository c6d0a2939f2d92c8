import { describe, expect, it } from 'vitest';
import {
  applySavedMapping,
  cellToField,
  columnLetter,
  columnNumber,
  excelSerialToDate,
  importIssueText,
  parseRosterDate,
  suggestField,
  suggestMapping,
  toSavedMapping,
  validateImportValues,
} from './staff-import.ts';

describe('staff import rules', () => {
  it('reads 民國 (ROC) and Gregorian dates, Excel date cells and serials; answers undefined for text that is no date', () => {
    for (const v of [
      '85/03/07',
      '085/3/7',
      '85.3.7',
      '85-03-07',
      '民國85年3月7日',
      '民85年03月07日',
      '中華民國 85 年 3 月 7 日',
      '0850307',
      '850307',
      '1996-03-07',
      '1996/3/7',
      '1996年3月7日',
      '19960307',
      '１９９６／３／７',
      35131,
      { date: '1996-03-07' },
      '1996-03-07T00:00:00.000Z',
    ]) {
      expect(parseRosterDate(v), String(JSON.stringify(v))).toBe('1996-03-07');
    }
    expect(parseRosterDate('113/02/29')).toBe('2024-02-29');
    expect(parseRosterDate(null)).toBeNull();
    expect(parseRosterDate('  ')).toBeNull();
    for (const bad of ['112/02/29', '85/13/01', '0/01/01', 'soon', '1996-02-30', true])
      expect(parseRosterDate(bad), String(bad)).toBeUndefined();
    expect(excelSerialToDate(60)).toBe('1900-02-28');
    expect(excelSerialToDate(61)).toBe('1900-03-01');
  });

  it('suggests fields from zh-TW, en-US and bilingual headers, and leaves unknown ones unmapped', () => {
    expect(suggestField('姓名')).toBe('name');
    expect(suggestField('身份證字號')).toBe('national_id');
    expect(suggestField('身分證字號(必填)')).toBe('national_id');
    expect(suggestField('National ID')).toBe('national_id');
    expect(suggestField('手機 / Mobile')).toBe('mobile');
    expect(suggestField('Date of Birth')).toBe('birthday');
    expect(suggestField('緊急聯絡人電話')).toBe('emergency_phone');
    expect(suggestField('員工編號')).toBeNull();
    expect(
      suggestMapping([
        { column: 'A', header: '姓名' },
        { column: 'B', header: 'Name' },
        { column: 'C', header: '電話' },
      ]),
    ).toEqual({ name: 'A', mobile: 'C' });
  });

  it('follows a remembered mapping by header wherever the column moved, and by letter for a column without a header', () => {
    const saved = toSavedMapping({ name: 'A', mobile: 'C', notes: 'D' }, [
      { column: 'A', header: '員工' },
      { column: 'B', header: '證號' },
      { column: 'C', header: '連絡 方式' },
      { column: 'D', header: '' },
    ]);
    const { mapping, fromSaved } = applySavedMapping(saved, [
      { column: 'A', header: '連絡方式' },
      { column: 'B', header: '員工' },
      { column: 'C', header: '生日' },
      { column: 'D', header: '' },
    ]);
    expect(fromSaved).toBe(true);
    expect(mapping).toEqual({ mobile: 'A', name: 'B', notes: 'D', birthday: 'C' });
  });

  it('turns cells into the form values: phones that lost their 0, words for gender, blood type and status', () => {
    expect(cellToField('mobile', 912345678)).toBe('0912345678');
    expect(cellToField('mobile', '0912-345-678')).toBe('0912345678');
    expect(cellToField('emergency_phone', 223456789)).toBe('0223456789');
    expect(cellToField('national_id', ' ａ１２３４５６７８９ ')).toBe('A123456789');
    expect(cellToField('gender', '女')).toBe('female');
    expect(cellToField('blood_type', 'AB型')).toBe('AB');
    expect(cellToField('blood_type', 'O Rh-')).toBe('O-');
    expect(cellToField('status', '離職')).toBe('left');
    expect(cellToField('status', null)).toBeUndefined();
    expect(cellToField('name', null)).toBeNull();
    expect(columnLetter(1)).toBe('A');
    expect(columnLetter(28)).toBe('AB');
    expect(columnNumber('AB')).toBe(28);
  });

  it('validates with the staff form schema and words the reasons in both languages', () => {
    const r = validateImportValues({ name: '王', national_id: 'A123456788', gender: 'x?', birthday: '85/02/30' });
    expect('errors' in r && r.errors).toEqual([
      { field: 'national_id', key: 'validate.error.national_id_incorrect' },
      { field: 'birthday', key: 'validate.error.date_incorrect' },
      { field: 'gender', key: 'validate.error.invalid' },
    ]);
    expect(importIssueText({ field: 'gender', key: 'validate.error.invalid' }, 'zh-TW')).toBe('性別：請填 男、女 或 其他');
    expect(importIssueText({ field: 'national_id', key: 'validate.error.duplicate_in_file', params: { rows: '4, 9' } }, 'en-US')).toBe(
      'National ID: the same as row 4, 9',
    );
    expect('input' in validateImportValues({ name: '王', status: undefined })).toBe(true);
  });
});
