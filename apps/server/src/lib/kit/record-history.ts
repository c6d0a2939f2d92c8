import type { HistoryChange, HistoryEntry } from '@bo/shared/schemas/history';
import { instantRange } from '@bo/shared/dates';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { badRequest, notFound } from '../errors.ts';
import type { ReadContext } from '../context/request-context.ts';
import { historyEntryOf, historyPage, historySince, type HistoryEntryRow, type HistoryPart } from './record-history.repository.ts';

export type { HistoryPart };

/** Keys of a snapshot that are not the record's own values: never diffed, never restored. */
const META_KEYS = new Set([
  'id',
  'created_at',
  'updated_at',
  'version',
  'restored_entry_id',
  'restored_fields',
  'restored_as_of',
  'restored_entry_ids',
  'overwrite',
]);

type Snapshot = Record<string, unknown>;

const isObject = (v: unknown): v is Snapshot => !!v && typeof v === 'object' && !Array.isArray(v);
const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));
/** A value as text with its objects' keys sorted: a snapshot and a read of the same values compare equal. */
const canonical = (v: unknown): string =>
  JSON.stringify(v ?? null, (_k, x: unknown) =>
    isObject(x)
      ? Object.fromEntries(
          Object.keys(x)
            .sort()
            .map((k) => [k, x[k]]),
        )
      : x,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

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
  const restoredAsOf = isObject(after) && typeof after.restored_as_of === 'string' ? after.restored_as_of : null;
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
    restored_as_of: restoredAsOf,
  };
}

/**
 * The record as it was at `instant`: its current state with every later entry undone, newest first;
 * and the ids of those entries (newest first), what a restore of that state undoes.
 */
export async function stateAsOf(
  db: ReadContext['db'],
  targetType: string,
  targetId: number | string,
  organizationId: number | null,
  current: Snapshot | null,
  instant: string,
): Promise<{ state: Snapshot | null; entryIds: number[] }> {
  let state: Snapshot | null = current ? { ...current } : null;
  const since = await historySince(db, targetType, targetId, organizationId, instant);
  for (const e of since) {
    const before = parse(e.before);
    if (e.action === 'create') state = null;
    else if (e.action === 'delete') state = isObject(before) ? { ...before } : state;
    else if (isObject(before)) state = { ...(state ?? {}), ...before };
  }
  return { state, entryIds: since.map((e) => e.id) };
}

/**
 * The fields a restore of `state` would write: those of the record now (only `record.fields`, the
 * update's own input, when known) whose value differs, `before` the value now and `after` the value then.
 * A record gone or a state of nothing has none.
 */
function changesTo(record: HistoryRecord, state: Snapshot | null): HistoryChange[] {
  const { current } = record;
  if (!current || !state) return [];
  const writable = record.fields ? new Set(record.fields) : null;
  return Object.keys(current)
    .filter((f) => !META_KEYS.has(f) && Object.hasOwn(state, f) && (!writable || writable.has(f)))
    .filter((f) => !same(current[f], state[f]))
    .map((field) => ({ field, label_key: `${record.targetType}.${field}`, before: current[field] ?? null, after: state[field] ?? null }));
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
  /** The fields a restore may write (the update's input keys), when known; otherwise every field of `current`. */
  fields?: readonly string[];
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
  const { state, entryIds } = await stateAsOf(db, targetType, targetId, organizationId, record.current, instant);
  const changes = changesTo(record, state);
  return { data, meta, as_of: { day: query.as_of, instant, state, changes, entry_ids: changes.length ? entryIds : [] } };
}

/** What a restore writes into its audit entry's `after`, so the history names what it put back. */
export interface RestoredFrom {
  /** The entry restored (a restore of one entry). */
  entry_id?: number;
  /** The Taipei day whose state was put back (a restore of a whole earlier state), and the entries it undid. */
  as_of?: string;
  entry_ids?: number[];
  fields: string[];
}

/** A restore's marks in its audit entry's `after` (never diffed, never restored: META_KEYS). */
export const restoreMarks = (r: RestoredFrom): Snapshot =>
  r.as_of !== undefined
    ? { restored_as_of: r.as_of, restored_fields: r.fields, restored_entry_ids: r.entry_ids ?? [] }
    : { restored_entry_id: r.entry_id, restored_fields: r.fields };

/**
 * The values a restore `{ as_of }` puts back: every field (or only `fields`) whose value differs from
 * the record's state at the end of that Taipei day. A day before the record existed is 400
 * `as_of: validate.error.not_yet_existing`; a day whose state is the record's now is 400
 * `as_of: validate.error.nothing_to_restore`; a field named that does not differ is 400 `fields`.
 */
export async function valuesAsOf(
  db: ReadContext['db'],
  record: HistoryRecord,
  input: { as_of: string; fields?: string[] },
): Promise<{ values: Snapshot; restored: RestoredFrom }> {
  const instant = instantRange(undefined, input.as_of).toExclusive!;
  const { state, entryIds } = await stateAsOf(db, record.targetType, record.targetId, record.organizationId, record.current, instant);
  if (!state) throw badRequest({ as_of: [VALIDATION_KEYS.notYetExisting] });
  const differing = changesTo(record, state).map((c) => c.field);
  if (!differing.length) throw badRequest({ as_of: [VALIDATION_KEYS.nothingToRestore] });
  const fields = input.fields ?? differing;
  if (fields.some((f) => !differing.includes(f))) throw badRequest({ fields: ['validate.error.invalid'] });
  return { values: Object.fromEntries(fields.map((f) => [f, state[f]])), restored: { as_of: input.as_of, entry_ids: entryIds, fields } };
}

/** The values of a restore, of one entry (`entry_id`) or of a whole earlier state (`as_of`), and its marks. */
export async function restoreOf(
  db: ReadContext['db'],
  record: HistoryRecord,
  input: { entry_id?: number; as_of?: string; fields?: string[]; side: 'before' | 'after' },
): Promise<{ values: Snapshot; restored: RestoredFrom }> {
  if (input.as_of !== undefined) return valuesAsOf(db, record, { as_of: input.as_of, fields: input.fields });
  const entryId = input.entry_id!;
  const { values, fields } = await valuesToRestore(db, record, { entry_id: entryId, fields: input.fields, side: input.side });
  return { values, restored: { entry_id: entryId, fields } };
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
