import type { HistoryChange, HistoryEntry } from '@bo/shared/schemas/history';
import { instantRange } from '@bo/shared/dates';
import { badRequest, notFound } from '../errors.ts';
import type { ReadContext } from '../context/request-context.ts';
import { historyEntryOf, historyPage, historySince, type HistoryEntryRow, type HistoryPart } from './record-history.repository.ts';

export type { HistoryPart };

/** Keys of a snapshot that are not the record's own values: never diffed, never restored. */
const META_KEYS = new Set(['id', 'created_at', 'updated_at', 'version', 'restored_entry_id', 'restored_fields', 'overwrite']);

type Snapshot = Record<string, unknown>;

const isObject = (v: unknown): v is Snapshot => !!v && typeof v === 'object' && !Array.isArray(v);
const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields an entry changed, top-level (a staff's `certificates` is one field), in the snapshot's order. */
export function changesOf(targetType: string, before: unknown, after: unknown): HistoryChange[] {
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => !META_KEYS.has(f));
  return fields
    .filter((field) => !same(b[field], a[field]))
    .map((field) => ({ field, label_key: `${targetType}.${field}`, before: b[field] ?? null, after: a[field] ?? null }));
}

function toEntry(targetType: string, row: HistoryEntryRow): HistoryEntry {
  const before = parse(row.before);
  const after = parse(row.after);
  // A part's entry (a product's SKU row): labelled by its own type, listed, not restored through the record.
  const isPart = row.target_type !== targetType;
  const restored = isObject(after) && typeof after.restored_entry_id === 'number' ? after.restored_entry_id : null;
  return {
    id: row.id,
    action: row.action,
    actor_kind: row.actor_kind,
    actor:
      row.actor_id !== null && row.actor_name !== null ? { id: row.actor_id, name: row.actor_name, email: row.actor_email ?? '' } : null,
    job: row.actor_kind === 'system' ? row.user_agent : null,
    created_at: row.created_at,
    changes: changesOf(row.target_type, before, after),
    part: isPart ? { target_type: row.target_type, target_id: row.target_id ?? '', label: row.target_label } : null,
    restorable: !isPart && row.action !== 'delete' && row.action !== 'create' && isObject(before) && Object.keys(before).length > 0,
    restored_entry_id: restored,
  };
}

/** The record as it was at `instant`: its current state with every later entry undone, newest first. */
export async function stateAsOf(
  db: ReadContext['db'],
  targetType: string,
  targetId: number | string,
  organizationId: number | null,
  current: Snapshot | null,
  instant: string,
): Promise<Snapshot | null> {
  let state: Snapshot | null = current ? { ...current } : null;
  for (const e of await historySince(db, targetType, targetId, organizationId, instant)) {
    const before = parse(e.before);
    if (e.action === 'create') state = null;
    else if (e.action === 'delete') state = isObject(before) ? { ...before } : state;
    else if (isObject(before)) state = { ...(state ?? {}), ...before };
  }
  return state;
}

export interface HistoryRecord {
  targetType: string;
  targetId: number | string;
  /** The organization whose entries are the record's (an organization's resource), or null. */
  organizationId: number | null;
  /** The record as the caller reads it now; null when it is gone (its history is still the caller's). */
  current: Snapshot | null;
  /** Records whose entries the history lists too (read only: not in `as_of`, not restorable). */
  parts?: readonly HistoryPart[];
}

/** A page of the record's history, and with `asOf` (a Taipei day) its state at the end of that day. */
export async function recordHistory(
  db: ReadContext['db'],
  record: HistoryRecord,
  query: { page: number; per_page: number; as_of?: string },
) {
  const { targetType, targetId, organizationId } = record;
  const { rows, total } = await historyPage(db, targetType, targetId, organizationId, query.page, query.per_page, record.parts);
  if (!record.current && total === 0) throw notFound();
  const meta = { page: query.page, per_page: query.per_page, total, last_page: Math.max(1, Math.ceil(total / query.per_page)) };
  const data = rows.map((r) => toEntry(targetType, r));
  if (!query.as_of) return { data, meta };
  const instant = instantRange(undefined, query.as_of).toExclusive!;
  const state = await stateAsOf(db, targetType, targetId, organizationId, record.current, instant);
  return { data, meta, as_of: { day: query.as_of, instant, state } };
}

/**
 * The values a restore puts back: the chosen fields (all the entry recorded, when none are named) as
 * they were before the entry (undoing it) or after it. An entry of another record is 404; a field the
 * entry did not record is 400 `fields: validate.error.invalid`.
 */
export async function valuesToRestore(
  db: ReadContext['db'],
  record: HistoryRecord,
  input: { entry_id: number; fields?: string[]; side: 'before' | 'after' },
): Promise<{ values: Snapshot; fields: string[] }> {
  const entry = await historyEntryOf(db, record.targetType, record.targetId, record.organizationId, input.entry_id);
  if (!entry) throw notFound();
  const snapshot = parse(input.side === 'before' ? entry.before : entry.after);
  if (!isObject(snapshot)) throw badRequest({ entry_id: ['validate.error.invalid'] });
  const recorded = Object.keys(snapshot).filter((k) => !META_KEYS.has(k));
  const fields = input.fields ?? recorded;
  if (fields.some((f) => !recorded.includes(f)) || !fields.length) throw badRequest({ fields: ['validate.error.invalid'] });
  return { values: Object.fromEntries(fields.map((f) => [f, snapshot[f]])), fields };
}
