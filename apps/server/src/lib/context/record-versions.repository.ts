import type { ReadDb, Trx } from '../../db/database.ts';
import type { PrincipalKind } from '@bo/shared/schemas/audit-log';
import { compiledPerLength } from '../compiled-query.ts';

/** One record's version row, by audit target type and id (as text). */
export interface VersionKey {
  target_type: string;
  target_id: string;
}

export interface VersionChange {
  actor_kind: PrincipalKind;
  actor_id: number | null;
  fields: readonly string[];
  changed_at: string;
}

/** Raises a record's version by one (from 0 when it has no row) and records who changed which fields; answers the new version. */
export async function bumpVersion(trx: Trx, key: VersionKey, change: VersionChange): Promise<number> {
  const { version } = await trx
    .insertInto('record_versions')
    .values({ ...key, version: 1 })
    .onConflict((oc) => oc.columns(['target_type', 'target_id']).doUpdateSet((eb) => ({ version: eb('record_versions.version', '+', 1) })))
    .returning('version')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('record_version_changes')
    .values({ ...key, version, ...change, fields: JSON.stringify(change.fields) })
    .execute();
  return version;
}

/**
 * The records' current versions, each row locked until the transaction ends: the row is inserted at 0
 * when absent, else updated to itself, which takes its row lock on PostgreSQL (a concurrent writer of
 * the same record waits here until this one commits, then reads the version it left); SQLite has one
 * writer at a time. Ids are locked in sorted order so two batches over the same rows cannot deadlock.
 */
export async function lockVersions(trx: Trx, targetType: string, ids: readonly string[]): Promise<Map<string, number>> {
  const sorted = [...new Set(ids)].sort();
  const out = new Map<string, number>();
  if (!sorted.length) return out;
  const rows = await trx
    .insertInto('record_versions')
    .values(sorted.map((target_id) => ({ target_type: targetType, target_id, version: 0 })))
    .onConflict((oc) => oc.columns(['target_type', 'target_id']).doUpdateSet((eb) => ({ version: eb.ref('record_versions.version') })))
    .returning(['target_id', 'version'])
    .execute();
  for (const r of rows) out.set(r.target_id, r.version);
  return out;
}

// Every list and single read asks for its rows' versions: compiled once per number of ids.
const versionRows = compiledPerLength((db: ReadDb, targetType: string, ...ids: string[]) =>
  db.selectFrom('record_versions').select(['target_id', 'version']).where('target_type', '=', targetType).where('target_id', 'in', ids),
);

/** The records' current versions (0 for one never changed). */
export async function versionsOf(db: ReadDb, targetType: string, ids: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!ids.length) return out;
  for (const r of await versionRows(db, targetType, ...new Set(ids))) out.set(r.target_id, r.version);
  return out;
}

/** The changes of a record after `since`, oldest first, with the admin who made each (null for others). */
export async function changesSince(db: ReadDb, key: VersionKey, since: number) {
  return db
    .selectFrom('record_version_changes as c')
    .leftJoin('admins as a', (j) => j.onRef('a.id', '=', 'c.actor_id').on('c.actor_kind', '=', 'admin'))
    .select(['c.version', 'c.fields', 'c.changed_at', 'c.actor_kind', 'a.id as admin_id', 'a.name as admin_name'])
    .where('c.target_type', '=', key.target_type)
    .where('c.target_id', '=', key.target_id)
    .where('c.version', '>', since)
    .orderBy('c.version')
    .execute();
}
