import type { FastifyBaseLogger } from 'fastify';
import { streamXlsx, type XlsxColumn } from '../../lib/xlsx-stream.ts';
import type { staffWithCertificates } from './personal-data.repository.ts';

type Stored = NonNullable<Awaited<ReturnType<typeof staffWithCertificates>>>;
type Certificate = Stored['certificates'][number];
/** The stored staff with its encrypted fields opened. */
type Found = { row: Record<string, unknown>; certificates: Certificate[] };

/** The person's own fields, in the order of the staff form, with both languages' labels. */
const FIELDS: readonly [keyof Stored['row'], string][] = [
  ['name', '姓名 Name'],
  ['nickname', '暱稱 Nickname'],
  ['national_id', '身分證字號 National ID'],
  ['birthday', '生日 Birthday'],
  ['gender', '性別 Gender'],
  ['mobile', '手機 Mobile'],
  ['email', '電子郵件 Email'],
  ['address', '地址 Address'],
  ['emergency_contact', '緊急聯絡人 Emergency contact'],
  ['emergency_phone', '緊急聯絡電話 Emergency phone'],
  ['blood_type', '血型 Blood type'],
  ['job_title', '職稱 Job title'],
  ['hire_date', '到職日 Hire date'],
  ['status', '狀態 Status'],
  ['left_on', '離職日 Left on'],
  ['notes', '備註 Notes'],
  ['created_at', '建立時間 Created'],
  ['updated_at', '更新時間 Updated'],
];

const FIELD_COLUMNS: readonly XlsxColumn<[string, unknown]>[] = [
  { header: '項目 Field', width: 28, value: (r) => r[0] },
  { header: '內容 Value', width: 48, value: (r) => r[1] },
];

const CERTIFICATE_COLUMNS: readonly XlsxColumn<Certificate>[] = [
  { header: '證照類別 Type', width: 24, value: (c) => c.type },
  { header: '證號 Number', width: 20, value: (c) => c.number },
  { header: '發證日 Issued', width: 14, value: (c) => c.issued_at },
  { header: '到期日 Expires', width: 14, value: (c) => c.expires_at },
  { header: '檔案 File', width: 28, value: (c) => c.file_name },
];

/**
 * The person's copy of their data (個資法 §3): unmasked, because it is theirs; the request that
 * makes it is audited with its reason. A sheet of their fields and one of their certificates.
 */
export function personalCopyWorkbook(log: Pick<FastifyBaseLogger, 'error'>, found: Found, madeAt: string) {
  const fields: [string, unknown][] = [
    ...FIELDS.map(([k, label]): [string, unknown] => [label, found.row[k]]),
    ['製作時間 Made at', madeAt],
  ];
  return streamXlsx(log, async (wb) => {
    await wb.sheet('個人資料 Personal data', FIELD_COLUMNS, [fields]);
    await wb.sheet('證照 Certificates', CERTIFICATE_COLUMNS, [found.certificates]);
  });
}
