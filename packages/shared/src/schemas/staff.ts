import { z } from 'zod';
import { VALIDATION_KEYS } from '../messages.ts';
import { phoneDigits } from '../phone.ts';
import { isEmail, isLocalLandline, isMobile } from '../validators.ts';
import { listQuery, listResponse, queryInt, rowIdParam, rowId } from '../list.ts';
import { addDays, isRealDate } from '../dates.ts';
import { isMaskedNationalId, PERSONAL_DATA_RECORDED } from '../personal-data.ts';

/**
 * Taiwan identity numbers accepted for staff (checksum verified):
 * - national id card: a letter, 1 or 2, then 8 digits (A123456789);
 * - resident certificate (new format since 2021): a letter, 8 or 9, then 8 digits (A800000014);
 * - resident certificate (old format): two letters, the second A-D, then 8 digits (AB12345677).
 * The first letter maps to the county code table of the Ministry of the Interior.
 */
const LETTER_CODES = 'ABCDEFGHJKLMNPQRSTUVXYWZIO';
const letterCode = (c: string) => LETTER_CODES.indexOf(c) + 10;

export function isTaiwanNationalId(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const id = v.toUpperCase();
  let digits: number[];
  if (/^[A-Z][1289]\d{8}$/.test(id)) {
    digits = id.slice(1).split('').map(Number);
  } else if (/^[A-Z][A-D]\d{8}$/.test(id)) {
    digits = [letterCode(id[1]!) % 10, ...id.slice(2).split('').map(Number)];
  } else return false;
  const code = letterCode(id[0]!);
  const weights = [8, 7, 6, 5, 4, 3, 2, 1];
  let sum = Math.floor(code / 10) + (code % 10) * 9;
  for (let i = 0; i < 8; i++) sum += digits[i]! * weights[i]!;
  return (sum + digits[8]!) % 10 === 0;
}

/** Lists and exports show A12****789 unless a template asks for the full number. */
export function maskNationalId(v: string | null | undefined): string | null {
  if (!v) return v ?? null;
  if (v.length <= 4) return '*'.repeat(v.length);
  return `${v.slice(0, 3)}${'*'.repeat(Math.max(1, v.length - 6))}${v.slice(-3)}`;
}

/** Spec section 3: staff are displayed as "name (nickname)". */
export const staffDisplayName = (s: { name: string; nickname?: string | null }) => (s.nickname ? `${s.name} (${s.nickname})` : s.name);

export const GENDERS = ['male', 'female', 'other'] as const;
export const BLOOD_TYPES = ['A', 'B', 'O', 'AB', 'A-', 'B-', 'O-', 'AB-'] as const;
export const STAFF_STATUSES = ['active', 'inactive', 'left'] as const;
export const CERTIFICATE_STATUSES = ['expired', 'expiring', 'valid', 'none'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const DEFAULT_EXPIRY_WINDOW_DAYS = 30;

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) => z.preprocess(emptyToNull, z.string().trim().max(max).nullable().optional());
export const dateText = z.string().refine(isRealDate, VALIDATION_KEYS.invalid);
const optionalDate = z.preprocess(emptyToNull, dateText.nullable().optional());
const requiredText = (max: number) => z.string().trim().min(1, VALIDATION_KEYS.required).max(max);

export const staffFieldRules = {
  name: requiredText(100),
  nickname: optionalText(100),
  national_id: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toUpperCase()) : v),
    z.string().refine(isTaiwanNationalId, 'validate.error.national_id_incorrect').nullable().optional(),
  ),
  birthday: optionalDate,
  gender: z.preprocess(emptyToNull, z.enum(GENDERS).nullable().optional()),
  mobile: z.preprocess(emptyToNull, z.string().transform(phoneDigits).refine(isMobile, VALIDATION_KEYS.phone).nullable().optional()),
  email: z.preprocess(emptyToNull, z.string().trim().max(200).refine(isEmail, VALIDATION_KEYS.email).nullable().optional()),
  address: optionalText(300),
  emergency_contact: optionalText(100),
  emergency_phone: z.preprocess(
    emptyToNull,
    z
      .string()
      .transform(phoneDigits)
      .refine((v) => isMobile(v) || isLocalLandline(v), VALIDATION_KEYS.phone)
      .nullable()
      .optional(),
  ),
  blood_type: z.preprocess(emptyToNull, z.enum(BLOOD_TYPES).nullable().optional()),
  job_title: optionalText(100),
  hire_date: optionalDate,
  notes: optionalText(2000),
  status: z.enum(STAFF_STATUSES).default('active'),
  /** A photo of the photo library; an uploaded photo goes through the staff photo endpoint. */
  photo_id: rowId.nullable().optional(),
  /** Issue 38: the 協力廠商 whose worker this is (a contractor of the same organization); null: the organization's own. */
  contractor_id: rowId.nullable().optional(),
  /** ISO 3166-1 alpha-2; anything but TW is a migrant worker for the rule pack. */
  nationality: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toUpperCase()) : v === null ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z]{2}$/, VALIDATION_KEYS.invalid)
      .transform((v) => v.toUpperCase())
      .default('TW'),
  ),
  /** 入境日 of a migrant worker (the 6/18/30-month health checks count from it). */
  entered_taiwan_on: optionalDate,
  /** 專任工程人員: the day the departure was reported to the authority (營造業法 §40). */
  departure_reported_on: optionalDate,
} as const;

export const certificateInput = z.object({
  /** Present for an existing certificate of this staff; absent for a new one. */
  id: rowId.optional(),
  certificate_type_id: rowId,
  number: optionalText(100),
  issued_at: optionalDate,
  expires_at: optionalDate,
});

/**
 * The form: its national id and blood type come back as they were shown (masked, 「已記錄」) when
 * left alone, which keeps the stored value (docs/personal-data.md "Masks").
 */
export const staffInput = z.object({
  ...staffFieldRules,
  national_id: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toUpperCase()) : v),
    z
      .string()
      .refine((v) => isTaiwanNationalId(v) || isMaskedNationalId(v), 'validate.error.national_id_incorrect')
      .nullable()
      .optional(),
  ),
  blood_type: z.preprocess(
    emptyToNull,
    z
      .enum([...BLOOD_TYPES, PERSONAL_DATA_RECORDED])
      .nullable()
      .optional(),
  ),
  certificates: z.array(certificateInput).max(50).default([]),
});
export type StaffInput = z.input<typeof staffInput>;

/** Fields a generic PATCH {field, value} may change (ARCHITECTURE: allow-list per resource). */
export const STAFF_PATCHABLE = ['status', 'job_title', 'notes', 'nickname', 'mobile', 'email', 'hire_date'] as const;

export const certificateTypeSchema = z.object({
  id: z.number(),
  organization_id: z.number(),
  name: z.string(),
  sort: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CertificateType = z.infer<typeof certificateTypeSchema>;
export const certificateTypeInput = z.object({
  name: requiredText(100),
  sort: z.number().int().min(0).max(9999).default(0),
});

export const certificateSchema = z.object({
  id: z.number(),
  staff_id: z.number(),
  certificate_type_id: z.number(),
  certificate_type_name: z.string(),
  number: z.string().nullable(),
  issued_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUSES),
  /** A later certificate of the same type decides the staff's standing; this one is history and counts nowhere. */
  superseded: z.boolean(),
  has_file: z.boolean(),
  file_name: z.string().nullable(),
  file_type: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

const staffBase = z.object({
  id: z.number(),
  organization_id: z.number(),
  name: z.string(),
  nickname: z.string().nullable(),
  display_name: z.string(),
  national_id: z.string().nullable(),
  birthday: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  emergency_contact: z.string().nullable(),
  emergency_phone: z.string().nullable(),
  blood_type: z.string().nullable(),
  job_title: z.string().nullable(),
  hire_date: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(STAFF_STATUSES),
  photo_id: z.number().nullable(),
  has_photo: z.boolean(),
  /** Issue 38: the worker's company (a contractor, or null for the organization's own) and where the worker is from. */
  contractor_id: z.number().nullable(),
  contractor_name: z.string().nullable(),
  nationality: z.string(),
  entered_taiwan_on: z.string().nullable(),
  departure_reported_on: z.string().nullable(),
  certificate_status: z.enum(CERTIFICATE_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});

/** One staff as read and edited: the national id masked, the blood type 「已記錄」, every certificate. */
export const staffSchema = staffBase.extend({ certificates: z.array(certificateSchema) });
export type Staff = z.infer<typeof staffSchema>;

/** One staff in a list: national id masked, certificates counted. */
export const staffListItem = staffBase.extend({
  expired_count: z.number(),
  expiring_count: z.number(),
  certificate_count: z.number(),
});
export type StaffListItem = z.infer<typeof staffListItem>;

/** Issue 38: a list's company filter: a contractor's id, or `own` for the organization's own staff. */
export const companyFilter = z
  .string()
  .regex(/^(own|\d{1,10})$/, VALIDATION_KEYS.invalid)
  .transform((v): number | 'own' => (v === 'own' ? 'own' : Number(v)));

export const STAFF_SORTABLE = ['id', 'name', 'hire_date', 'created_at', 'updated_at'] as const;
export const staffFilters = {
  status: z.enum(STAFF_STATUSES).optional(),
  /** expired: at least one lapsed certificate; expiring: none lapsed, one lapses within `days`; attention: either. */
  certificate_status: z.enum(['expired', 'expiring', 'attention', 'valid']).optional(),
  days: queryInt.pipe(z.number().int().min(0).max(365)).default(DEFAULT_EXPIRY_WINDOW_DAYS),
  /** Issue 38: a contractor's workers, or `own` for the organization's own staff. */
  contractor_id: companyFilter.optional(),
};
export const staffListQuery = listQuery(STAFF_SORTABLE, staffFilters);
export type StaffListQuery = z.input<typeof staffListQuery>;
export const staffListResponse = listResponse(staffListItem);
export const staffAllListQuery = listQuery(STAFF_SORTABLE, {
  ...staffFilters,
  organization_id: rowIdParam.optional(),
});

export const expiringCertificate = z.object({
  id: z.number(),
  staff_id: z.number(),
  staff_name: z.string(),
  staff_display_name: z.string(),
  certificate_type_id: z.number(),
  certificate_type_name: z.string(),
  number: z.string().nullable(),
  expires_at: z.string(),
  days_left: z.number(),
  status: z.enum(['expired', 'expiring']),
});
export const expirationQuery = z.object({
  days: queryInt.pipe(z.number().int().min(0).max(365)).default(DEFAULT_EXPIRY_WINDOW_DAYS),
});
export const expirationResponse = z.object({
  days: z.number(),
  today: z.string(),
  expired_count: z.number(),
  expiring_count: z.number(),
  staff_count: z.number(),
  /** The earliest expiries first; true when more certificates are counted than listed. */
  data: z.array(expiringCertificate),
  truncated: z.boolean(),
});
export type ExpirationResponse = z.infer<typeof expirationResponse>;

export function certificateStatus(expiresAt: string | null, today: string, days = DEFAULT_EXPIRY_WINDOW_DAYS): CertificateStatus {
  if (!expiresAt) return 'none';
  if (expiresAt < today) return 'expired';
  if (expiresAt <= addDays(today, days)) return 'expiring';
  return 'valid';
}

/** The worst status of a staff's certificates: expired, then expiring, then valid. */
export function worstCertificateStatus(statuses: CertificateStatus[]): CertificateStatus {
  for (const s of ['expired', 'expiring', 'valid'] as const) if (statuses.includes(s)) return s;
  return 'none';
}
