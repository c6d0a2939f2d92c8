import type { TFunction } from 'i18next';
import { ROLE_LABELS, type Role } from '@bo/shared/roles';
import { isCalendarDay } from '@bo/shared/dates';
import { formatDay, type Language } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import './i18n.ts';

/**
 * The before/after of an audit entry in words: field paths as labels (i18n.ts `fields`), values
 * translated (roles by ROLE_LABELS, enumerated values by i18n.ts `values`, booleans as 是/否) and
 * instants in Taipei time through the web's date helpers (never UTC), ids by the names the screen
 * knows (`ValueNames`: organizations). Unknown keys and values show as they are.
 */

/** Names of the records an id field points to, by field key (`organization_id` → organization names). */
export type ValueNames = Partial<Record<string, ReadonlyMap<number, string>>>;

const isRole = (v: unknown): v is Role => typeof v === 'string' && Object.hasOwn(ROLE_LABELS, v);

/** An ISO-8601 instant with its offset, as the server records times. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::(\d{2})(?:\.(\d+))?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** Keys whose 0/1 values are booleans (the database stores booleans as integers). */
const BOOLEAN_KEYS = new Set(['is_private', 'keep_login', 'has_change_default_password', 'two_factor']);

/** A time as the list shows it: Taipei, minutes, with seconds only when the instant has some. */
export function formatInstant(iso: string): string {
  const m = INSTANT.exec(iso);
  const precise = !!m && ((m[1] !== undefined && m[1] !== '00') || (m[2] !== undefined && /[1-9]/.test(m[2])));
  return formatDateTime(iso, precise ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm');
}

/** "儲存格 1 › 位置" for `cells.0.cell`: each key by its label, an array index as its 1-based number. */
export function fieldLabel(t: TFunction, targetType: string, path: string): string {
  const parts: string[] = [];
  for (const key of path.split('.')) {
    if (/^\d+$/.test(key) && parts.length) {
      parts[parts.length - 1] = `${parts[parts.length - 1]} ${Number(key) + 1}`;
      continue;
    }
    parts.push(t([`fields.${targetType}.${key}`, `fields.common.${key}`], { ns: 'audit-log', defaultValue: key }));
  }
  return parts.join(t('pathSeparator', { ns: 'audit-log' }));
}

/** The last key of a path that is not an array index (`cells.0.type` → `type`, `roles.1` → `roles`). */
const valueKey = (path: string) =>
  path
    .split('.')
    .filter((k) => !/^\d+$/.test(k))
    .pop() ?? path;

/** One value in words; `path` says which field it is (enumerated values are translated by their key). */
export function formatValue(
  t: TFunction,
  lang: Language,
  targetType: string,
  path: string,
  value: unknown,
  names: ValueNames = {},
): string {
  if (value === undefined) return '';
  if (value === null) return '—';
  const key = valueKey(path);
  const one = (v: unknown): string => {
    if (v === null || v === undefined) return '—';
    if (typeof v === 'boolean') return t(v ? 'yes' : 'no', { ns: 'audit-log' });
    if (typeof v === 'number' && names[key]?.has(v)) return names[key].get(v)!;
    if (typeof v === 'number') return BOOLEAN_KEYS.has(key) && (v === 0 || v === 1) ? t(v ? 'yes' : 'no', { ns: 'audit-log' }) : String(v);
    if (typeof v === 'string') {
      if (isRole(v)) return ROLE_LABELS[v][lang];
      if (INSTANT.test(v)) return formatInstant(v);
      if (isCalendarDay(v)) return formatDay(v);
      if (v === '') return t('empty', { ns: 'audit-log' });
      return t([`values.${targetType}.${key}.${v}`, `values.common.${key}.${v}`], { ns: 'audit-log', defaultValue: v });
    }
    return JSON.stringify(v);
  };
  if (Array.isArray(value)) {
    if (!value.length) return '—';
    return value.every((v) => v === null || typeof v !== 'object')
      ? value.map(one).join(t('listSeparator', { ns: 'audit-log' }))
      : JSON.stringify(value);
  }
  if (typeof value === 'object') return Object.keys(value).length ? JSON.stringify(value) : '—';
  return one(value);
}
