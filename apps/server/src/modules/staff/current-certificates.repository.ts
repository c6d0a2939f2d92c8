import { sql, type RawBuilder } from 'kysely';

/** Stands for "does not expire" when expiries are compared (sorts after every date). */
export const NEVER = '9999-12-31';

/**
 * The one definition of a worker's standing per certificate type (docs/staff.md, "Expiry"): the row
 * `alias` is **current** when no other certificate of the same staff and type expires later (no expiry
 * counts as the latest) and none with the same expiry is newer (a higher id). Every other row is
 * superseded: history in the staff form, counted nowhere (staff status, list filter and counts, the
 * overview's expiry check, exports, reminders, compliance). Served by staff_certificates_current_idx.
 */
export function isCurrentCertificate(alias: string): RawBuilder<boolean> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const never = sql.lit(NEVER);
  const newerExpiry = sql`coalesce(newer.expires_at, ${never})`;
  const ownExpiry = sql`coalesce(${col('expires_at')}, ${never})`;
  return sql<boolean>`not exists (select 1 from staff_certificates as newer
    where newer.staff_id = ${col('staff_id')} and newer.certificate_type_id = ${col('certificate_type_id')}
    and (${newerExpiry} > ${ownExpiry} or (${newerExpiry} = ${ownExpiry} and newer.id > ${col('id')})))`;
}

/** 1 when the row `alias` is superseded by a later certificate of its type, else 0 (the same on both databases). */
export const supersededFlag = (alias: string) => sql<number>`case when ${isCurrentCertificate(alias)} then 0 else 1 end`;
