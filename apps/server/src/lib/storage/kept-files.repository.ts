import type { Selectable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { KeptFilesTable } from '../../db/tables/kept-files.ts';

export type KeptFileRow = Selectable<KeptFilesTable>;

/** A stored file a change removed, with the row it belonged to (origin), kept for a restore. */
export interface KeptFile {
  key: string;
  origin_table: string;
  origin_id: number;
  organization_id?: number | null;
  file_name?: string | null;
  file_type?: string | null;
  file_size?: number | null;
}

const DAY_MS = 86_400_000;

export async function keepFiles(db: Trx, files: readonly KeptFile[], retentionDays: number, now = new Date()): Promise<void> {
  if (!files.length) return;
  const keepUntil = new Date(now.getTime() + retentionDays * DAY_MS).toISOString();
  await db
    .insertInto('kept_files')
    .values(
      files.map((f) => ({
        storage_key: f.key,
        origin_table: f.origin_table,
        origin_id: f.origin_id,
        organization_id: f.organization_id ?? null,
        file_name: f.file_name ?? null,
        file_type: f.file_type ?? null,
        file_size: f.file_size ?? null,
        kept_at: now.toISOString(),
        keep_until: keepUntil,
      })),
    )
    .execute();
}

/** The latest file kept of a row (e.g. a deleted certificate's scan), or undefined. */
export const latestKeptFileOf = (db: ReadDb, originTable: string, originId: number) =>
  db
    .selectFrom('kept_files')
    .selectAll()
    .where('origin_table', '=', originTable)
    .where('origin_id', '=', originId)
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** A kept file taken back into use: no longer swept. */
export async function takeBackKeptFile(db: Trx, id: number): Promise<void> {
  await db.deleteFrom('kept_files').where('id', '=', id).execute();
}

/** The files kept of these rows, let go of before their time (an erasure): their lines go, their keys are answered. */
export async function takeKeptFilesOf(db: Trx, originTable: string, originIds: readonly number[]): Promise<string[]> {
  if (!originIds.length) return [];
  const rows = await db
    .selectFrom('kept_files')
    .select('storage_key')
    .where('origin_table', '=', originTable)
    .where('origin_id', 'in', [...originIds])
    .execute();
  if (rows.length)
    await db
      .deleteFrom('kept_files')
      .where('origin_table', '=', originTable)
      .where('origin_id', 'in', [...originIds])
      .execute();
  return rows.map((r) => r.storage_key);
}

/** Kept files whose retention ended before `now`, oldest first. */
export const expiredKeptFiles = (db: ReadDb, now: Date, limit: number) =>
  db
    .selectFrom('kept_files')
    .select(['id', 'storage_key'])
    .where('keep_until', '<', now.toISOString())
    .orderBy('id')
    .limit(limit)
    .execute();

export async function forgetKeptFiles(db: Trx, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await db
      .deleteFrom('kept_files')
      .where('id', 'in', [...ids])
      .execute();
}
