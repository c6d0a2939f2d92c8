import type { AuditTarget } from '@bo/shared/audit-actions';
import type { ReadDb } from '../../db/database.ts';
import { labelFields } from './audit-labels.repository.ts';

/**
 * The display name an audit entry records for its target (`audit_logs.target_label`, migration
 * 0078), one resolver per target type. writeAudit asks, in this order: the label the caller passed;
 * the target's row, read in the writer's transaction (so a create or an update shows the name it
 * has now); the entry's `before` snapshot (a delete: the row is gone), then its `after` snapshot.
 * A new target type is a type error here until it has a resolver (or `null`: no name).
 */
type Row = Record<string, unknown>;
interface LabelResolver {
  /** The fields `label` needs, read by the target id; undefined when the row is gone. */
  load?: (db: ReadDb, id: string) => Promise<Row | undefined>;
  /** The label of a row or a snapshot; null when its fields are missing. */
  label: (row: Row, id: string) => string | null;
}

const MAX_LABEL = 200;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const numericId = (id: string): number | null => (/^\d{1,15}$/.test(id) ? Number(id) : null);

/** "Name <email>", or whichever of the two is known. */
export function personLabel(row: Row): string | null {
  const name = text(row.name);
  const email = text(row.email);
  return name && email ? `${name} <${email}>` : (name ?? email);
}

/** In-app browsers first: LINE's (how links sent over LINE are opened) carries Safari's or Chrome's marks too. */
const BROWSERS: readonly [RegExp, string][] = [
  [/ Line\/(\d+)/, 'LINE'],
  [/FBAV\/(\d+)/, 'Facebook'],
  [/Instagram (\d+)/, 'Instagram'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:CriOS|Chrome)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

/** "Chrome 122 · macOS" from a user agent; its first 60 characters when no browser is recognized. */
export function userAgentSummary(ua: string): string {
  let browser: string | null = null;
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (!browser) return ua.trim().slice(0, 60);
  return os ? `${browser} · ${os}` : browser;
}

/** A resolver reading `columns` of `table` by numeric id, labelled by `label`. */
const byId = <C extends string>(table: string, columns: readonly C[], label: (row: Row, id: string) => string | null): LabelResolver => ({
  load: async (db, id) => {
    const n = numericId(id);
    // The table and columns come from the registry below, never from a request.
    return n === null ? undefined : labelFields(db, table, columns, n);
  },
  label,
});
/** "general 2026-03-01": a kind and its day, whichever is known. */
const dayLabel = (kind: unknown, day: unknown): string | null => [text(kind), text(day)].filter(Boolean).join(' ') || null;
const named = (table: string) => byId(table, ['name'], (r) => text(r.name));

export const AUDIT_LABELS: Record<AuditTarget, LabelResolver | null> = {
  admin: byId('admins', ['name', 'email'], personLabel),
  admin_group: named('admin_groups'),
  /** The config's name is its id ("app", "mail"). */
  app_config: { label: (r, id) => text(r.name) ?? id },
  audit_log: null,
  /** A retention run's entry is named by its Taipei day. */
  personal_data: { label: (_r, id) => id },
  /** The one row of the website's identity: its company name. */
  website_settings: byId('website_settings', ['company_name'], (r) => text(r.company_name)),
  certificate_type: named('certificate_types'),
  /** Its id is "organization:rule_key": the rule's key names it. */
  compliance_rule: { label: (_r, id) => id.slice(id.indexOf(':') + 1) },
  file: named('files'),
  login_device: byId('login_devices', ['user_agent'], (r) => (text(r.user_agent) ? userAgentSummary(String(r.user_agent)) : null)),
  mail: byId('mail_outbox', ['to_address', 'subject'], (r) => {
    const to = text(r.to_address);
    const subject = text(r.subject);
    return to && subject ? `${subject} → ${to}` : (to ?? subject);
  }),
  /** Its id is "target_type:target_id"; the take-over passes the record's label itself. */
  edit_lease: { label: (_r, id) => id },
  /** Issue 41: its id is "target_type:target_id"; a step passes the record's title itself. */
  review: { label: (_r, id) => id },
  /** The one document of every content type's workflow. */
  review_workflow: null,
  /** Its id is "template:locale". */
  mail_template: { label: (_r, id) => (id.includes(':') ? id.replace(':', '/') : id) },
  one_time_code: byId('one_time_codes', ['email'], (r) => text(r.email)),
  organization: named('organizations'),
  /** Its id is the member's admin id. */
  organization_member: byId('admins', ['name', 'email'], personLabel),
  photo: byId('photos', ['original_name', 'title'], (r) => text(r.original_name) ?? text(r.title)),
  staff: named('staff'),
  staff_excel: named('staff_excels'),
  /** Issue 38: evidence is named by what it is and its day ("in_service 2026-03-01"). */
  staff_training: byId('staff_trainings', ['course_name', 'completed_on'], (r) => text(r.course_name)),
  staff_health_check: byId('staff_health_checks', ['check_kind', 'checked_on'], (r) => dayLabel(r.check_kind, r.checked_on)),
  staff_insurance: byId('staff_insurances', ['scheme', 'enrolled_on'], (r) => dayLabel(r.scheme, r.enrolled_on)),
  staff_migrant_document: byId('staff_migrant_documents', ['document', 'ends_on'], (r) => dayLabel(r.document, r.ends_on)),
  /** No row: the entry's after names the target. */
  line_message: { label: (r) => text(r.target) },
  /** Its id is the folder id; the check's answer has no name to record. */
  google_drive: null,
  /** The one database of the installation. */
  database: null,
  video: byId('videos', ['title'], (r) => text(r.title)),
  banner: byId('banners', ['title'], (r) => text(r.title)),
  contact: byId('contacts', ['name', 'email'], personLabel),
  page: byId('pages', ['title'], (r) => text(r.title)),
  page_category: named('page_categories'),
  product: named('products'),
  product_category: named('product_categories'),
  /** "20kg-灰 (P12-001)": the instance's name and SKU. */
  product_instance: byId('product_instances', ['name', 'sku'], (r) => {
    const name = text(r.name);
    const sku = text(r.sku);
    return name && sku ? `${name} (${sku})` : (name ?? sku);
  }),
  member: byId('members', ['name', 'email'], personLabel),
  site: named('sites'),
  contractor: named('contractors'),
  /** A roster row is named by its worker (the writer passes the staff's name; snapshots carry it). */
  site_roster: { label: (r) => text(r.staff_name) },
  /** Issue 39: a pass is named by its worker and code (the writer passes it; snapshots carry both). */
  site_pass: { label: (r) => (text(r.staff_name) && text(r.code) ? `${text(r.staff_name)} (${text(r.code)})` : text(r.staff_name)) },
  /** Issue 39: a gate entry is named by its worker (the writer passes it), else by its id. */
  site_entry: { label: (r, id) => text(r.staff_name) ?? id },
};

const isRow = (v: unknown): v is Row => !!v && typeof v === 'object' && !Array.isArray(v);

/** The label writeAudit records: see the comment at the top. */
export async function resolveTargetLabel(
  db: ReadDb,
  entry: { target_type: string; target_id?: string | number | null; target_label?: string | null; before?: unknown; after?: unknown },
): Promise<string | null> {
  const clip = (s: string | null) => (s === null ? null : s.length > MAX_LABEL ? `${s.slice(0, MAX_LABEL - 1)}…` : s);
  if (entry.target_label !== undefined) return clip(text(entry.target_label));
  const resolver = Object.hasOwn(AUDIT_LABELS, entry.target_type) ? AUDIT_LABELS[entry.target_type as AuditTarget] : null;
  if (!resolver || entry.target_id == null) return null;
  const id = String(entry.target_id);
  const row = resolver.load ? await resolver.load(db, id) : {};
  const fromRow = row ? resolver.label(row, id) : null;
  if (fromRow) return clip(fromRow);
  for (const snapshot of [entry.before, entry.after]) {
    if (isRow(snapshot)) {
      const label = resolver.label(snapshot, id);
      if (label) return clip(label);
    }
  }
  return null;
}
