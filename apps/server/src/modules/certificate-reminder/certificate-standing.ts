import { addDays } from '@bo/shared/dates';
import type { ReadDb } from '../../db/database.ts';
import { activeStaffCount, certificateTypesOf, currentCertificatesOfActiveStaff } from './certificate-reminder.repository.ts';

/** Where one certificate stands on a Taipei day, with the organization's reminder window. */
export type Standing = 'valid' | 'expiring' | 'expired';

export function standingOf(expiresAt: string | null, today: string, days: number): Standing {
  if (expiresAt === null || expiresAt > addDays(today, days)) return 'valid';
  return expiresAt < today ? 'expired' : 'expiring';
}

/** A certificate that counts for its holder: the current one of its type (isCurrentCertificate; a renewal supersedes the old one). */
export interface HeldCertificate {
  staff_id: number;
  staff_name: string;
  certificate_type_id: number;
  certificate_type: string;
  /** null: does not expire. */
  expires_at: string | null;
}

/** Per active staff member and certificate type of the organization, the certificate that counts. */
export const heldCertificates = (db: ReadDb, organizationId: number): Promise<HeldCertificate[]> =>
  currentCertificatesOfActiveStaff(db, organizationId);

/** The certificates the reminder names: expired, or expiring within `days`, soonest first. */
export async function dueCertificates(db: ReadDb, organizationId: number, today: string, days: number) {
  const held = await heldCertificates(db, organizationId);
  return held
    .map((c) => ({ ...c, standing: standingOf(c.expires_at, today, days) }))
    .filter((c) => c.standing !== 'valid')
    .sort((a, b) => (a.expires_at ?? '').localeCompare(b.expires_at ?? '') || a.staff_name.localeCompare(b.staff_name));
}

/** By certificate type: valid, expiring, expired, and active staff holding none. */
export async function complianceByType(db: ReadDb, organizationId: number, today: string, days: number) {
  const [types, staffTotal, held] = await Promise.all([
    certificateTypesOf(db, organizationId),
    activeStaffCount(db, organizationId),
    heldCertificates(db, organizationId),
  ]);
  const data = types.map((t) => {
    const counts = { valid: 0, expiring: 0, expired: 0 };
    for (const c of held) if (c.certificate_type_id === t.id) counts[standingOf(c.expires_at, today, days)]++;
    const holders = counts.valid + counts.expiring + counts.expired;
    return { certificate_type_id: t.id, name: t.name, ...counts, missing: Math.max(0, staffTotal - holders) };
  });
  return { staff_total: staffTotal, data, held };
}
