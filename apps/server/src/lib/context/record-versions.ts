import type { TypedAuditEntry, VersionOf } from './audit-targets.ts';
import type { AuditWho } from './audit.ts';
import { bumpVersion, changesSince, versionsOf, type VersionKey } from './record-versions.repository.ts';
import type { ReadDb, Trx } from '../../db/database.ts';

/**
 * Issue 36: every record has a version, raised by one with every audited change of it (the typed
 * audit writer calls `bumpVersionsOf`), and every write of an existing record says which version it
 * was read at. The check is made once, at the write door (plugins/access.ts `req.write`), from the
 * route's `config.version` declaration: the kit declares its own, a hand-written write declares its
 * record the same way. docs/api.md "Versions".
 */

export type { VersionOf } from './audit-targets.ts';

/** Actions that record a look, a message or a session, not a change of the record: they leave its version. */
const UNCHANGING_ACTIONS = new Set([
  'export',
  'view',
  'reveal',
  'sign_link',
  'send_test',
  'resend',
  'resend_invitation',
  'verify_chain',
  'anchor_chain',
  'backup',
  'test_permission',
  'send',
  'send_failed',
  'login',
  'login_failed',
  'logout',
  'logout_device',
  'logout_other_devices',
  'switch_account',
  'switch_organization',
  'send_reset_password_mail',
  'send_confirmation_mail',
  'hand_over_link',
  'verify_identity',
  'use_recovery_code',
]);

const IGNORED_FIELDS = new Set(['updated_at', 'created_at', 'overwrite']);

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The fields an entry's change touched: those whose value differs between before and after, else those it names. */
export function changedFields(before: unknown, after: unknown): string[] {
  let keys: string[];
  if (isRecord(before) && isRecord(after)) {
    keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
  } else if (isRecord(after)) keys = Object.keys(after);
  else if (isRecord(before)) keys = Object.keys(before);
  else keys = [];
  return keys.filter((k) => !IGNORED_FIELDS.has(k));
}

export const keyOf = (target_type: string, target_id: string | number): VersionKey => ({ target_type, target_id: String(target_id) });

/** Raises the version of the entry's target (and of the records it counts for), in the entry's transaction. */
export async function bumpVersionsOf(
  trx: Trx,
  who: AuditWho,
  entry: TypedAuditEntry & { version_of?: VersionOf | readonly VersionOf[] },
  at: string,
): Promise<void> {
  if (UNCHANGING_ACTIONS.has(entry.action)) return;
  const change = { actor_kind: who.actor_kind, actor_id: who.actor_id, changed_at: at };
  const fields = changedFields(entry.before, entry.after);
  if (entry.target_id != null && entry.target_id !== '')
    await bumpVersion(trx, keyOf(entry.target_type, entry.target_id), { ...change, fields: fields.length ? fields : [entry.action] });
  const parents =
    entry.version_of === undefined ? [] : Array.isArray(entry.version_of) ? entry.version_of : [entry.version_of as VersionOf];
  // A parent counts the child's change under the child's type; the same record under another key (a
  // membership per organization) under the entry's own fields.
  for (const p of parents)
    await bumpVersion(trx, keyOf(p.target_type, p.target_id), {
      ...change,
      fields: p.fields ?? (p.target_type === entry.target_type && fields.length ? fields : [entry.target_type]),
    });
}

/** The version, who changed it last and when, of one record. */
export async function recordVersion(db: ReadDb, target: string, id: string | number) {
  const key = keyOf(target, id);
  const version = (await versionsOf(db, target, [key.target_id])).get(key.target_id) ?? 0;
  const [last] = version ? await changesSince(db, key, version - 1) : [];
  return {
    version,
    changed_by: last?.admin_id != null ? { id: last.admin_id, name: last.admin_name ?? '' } : null,
    changed_at: last?.changed_at ?? null,
  };
}

/** The versions of rows (list rows, a read), by id. */
export async function versionsOfRows(db: ReadDb, target: string, ids: readonly (string | number)[]): Promise<Map<string, number>> {
  return versionsOf(db, target, ids.map(String));
}

/** An audit entry's `after` marked as an overwrite on purpose (`If-Match: *`). */
export const markedOverwrite = (after: unknown): unknown =>
  isRecord(after)
    ? { ...after, overwrite: true }
    : after === undefined || after === null
      ? { overwrite: true }
      : { value: after, overwrite: true };
