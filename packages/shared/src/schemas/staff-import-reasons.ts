import { z } from 'zod';
import { VALIDATION_KEYS } from '../messages.ts';
import { IMPORT_KEYS, STAFF_IMPORT_FIELDS, type StaffImportField } from './staff-import-columns.ts';

/** Staff import: the reasons a row is refused, and as text (the error workbook on the server, the preview on the web). */

/** Why a row is refused: a field (or the whole row) and a translation key with its parameters. */
export const importIssue = z.object({
  field: z.enum(STAFF_IMPORT_FIELDS).nullable(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportIssue = z.infer<typeof importIssue>;

export type ImportLanguage = 'zh-TW' | 'en-US';

export const IMPORT_FIELD_LABELS: Record<ImportLanguage, Record<StaffImportField, string>> = {
  'zh-TW': {
    name: '姓名',
    nickname: '暱稱',
    national_id: '身分證字號',
    birthday: '生日',
    gender: '性別',
    mobile: '手機',
    email: '電子郵件',
    address: '地址',
    emergency_contact: '緊急聯絡人',
    emergency_phone: '緊急聯絡電話',
    blood_type: '血型',
    job_title: '職稱',
    hire_date: '到職日',
    notes: '備註',
    status: '狀態',
    nationality: '國籍',
    entered_taiwan_on: '入境日',
  },
  'en-US': {
    name: 'Name',
    nickname: 'Nickname',
    national_id: 'National ID',
    birthday: 'Birthday',
    gender: 'Gender',
    mobile: 'Mobile',
    email: 'Email',
    address: 'Address',
    emergency_contact: 'Emergency contact',
    emergency_phone: 'Emergency phone',
    blood_type: 'Blood type',
    job_title: 'Job title',
    hire_date: 'Hire date',
    notes: 'Notes',
    status: 'Status',
    nationality: 'Nationality',
    entered_taiwan_on: 'Entered Taiwan on',
  },
};

const REASONS: Record<ImportLanguage, Record<string, string>> = {
  'zh-TW': {
    [VALIDATION_KEYS.required]: '必填',
    [VALIDATION_KEYS.invalid]: '格式不正確',
    [VALIDATION_KEYS.email]: '電子郵件格式不正確',
    [VALIDATION_KEYS.phone]: '電話格式不正確（手機 09 開頭 10 碼、市話 0 開頭 9 或 10 碼，或 + 國碼）',
    [IMPORT_KEYS.nationalId]: '格式或檢查碼不正確',
    [IMPORT_KEYS.date]: '無法辨識的日期（例如 1996-03-07 或 民國85年3月7日）',
    [IMPORT_KEYS.tooLong]: '超過 {{max}} 個字',
    [IMPORT_KEYS.duplicateInFile]: '與第 {{rows}} 列重複',
    [IMPORT_KEYS.alreadyExists]: '已有相同身分證字號的人員（{{name}}）',
    gender: '請填 男、女 或 其他',
    blood_type: '請填 A、B、O、AB（Rh 陰性加 -）',
    status: '請填 在職、停用 或 離職',
  },
  'en-US': {
    [VALIDATION_KEYS.required]: 'required',
    [VALIDATION_KEYS.invalid]: 'not valid',
    [VALIDATION_KEYS.email]: 'not a valid e-mail address',
    [VALIDATION_KEYS.phone]: 'not a valid phone number (mobile 09 + 8 digits, landline 0 + 8 or 9 digits, or + country code)',
    [IMPORT_KEYS.nationalId]: 'wrong format or check digit',
    [IMPORT_KEYS.date]: 'not a date (e.g. 1996-03-07 or 民國85年3月7日)',
    [IMPORT_KEYS.tooLong]: 'longer than {{max}} characters',
    [IMPORT_KEYS.duplicateInFile]: 'the same as row {{rows}}',
    [IMPORT_KEYS.alreadyExists]: 'a staff with this national id already exists ({{name}})',
    gender: 'write male, female or other',
    blood_type: 'write A, B, O or AB (add - for Rh negative)',
    status: 'write active, inactive or left',
  },
};

const fill = (s: string, params: Record<string, string | number> = {}) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));

/** One issue as the admin reads it: "身分證字號：身分證字號格式或檢查碼不正確". */
export function importIssueText(issue: ImportIssue, lang: ImportLanguage): string {
  const texts = REASONS[lang];
  const enumHint = issue.key === VALIDATION_KEYS.invalid && issue.field && texts[issue.field];
  const text = fill(enumHint || texts[issue.key] || issue.key, issue.params);
  if (!issue.field) return text;
  return `${IMPORT_FIELD_LABELS[lang][issue.field]}${lang === 'zh-TW' ? '：' : ': '}${text}`;
}

/** A row's issues as one cell of text. */
export const importReasonsText = (issues: readonly ImportIssue[], lang: ImportLanguage): string =>
  issues.map((i) => importIssueText(i, lang)).join(lang === 'zh-TW' ? '；' : '; ');

export const IMPORT_REASONS_HEADER: Record<ImportLanguage, string> = { 'zh-TW': '錯誤原因', 'en-US': 'Reasons' };
