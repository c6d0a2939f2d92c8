import type { Database } from '../src/db/database.ts';

/**
 * Every storage key a row points at (photo variants, files, staff photos, certificate scans, staff
 * spreadsheet templates): what a fault test compares with the objects actually in the store, so that
 * no row is left without its object and no object without its row.
 */
export async function referencedKeys(db: Database): Promise<string[]> {
  const keys: string[] = [];
  for (const p of await db.selectFrom('photos').select('variants').execute()) {
    for (const v of Object.values(JSON.parse(p.variants) as Record<string, { key: string; webp_key: string }>))
      keys.push(...[v.key, v.webp_key].filter(Boolean));
  }
  for (const f of await db.selectFrom('files').select('storage_key').execute()) keys.push(f.storage_key);
  for (const s of await db.selectFrom('staff').select('photo_key').where('photo_key', 'is not', null).execute()) keys.push(s.photo_key!);
  for (const c of await db.selectFrom('staff_certificates').select('file_key').where('file_key', 'is not', null).execute())
    keys.push(c.file_key!);
  for (const x of await db.selectFrom('staff_excels').select('file_key').execute()) keys.push(x.file_key);
  return keys.sort();
}

/** Rows and audit entries a fault test counts before and after. */
export async function rowCounts(db: Database) {
  const count = async (table: 'photos' | 'files' | 'audit_logs' | 'signed_link_opens') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    photos: await count('photos'),
    files: await count('files'),
    audit: await count('audit_logs'),
    signedLinkOpens: await count('signed_link_opens'),
  };
}
