/**
 * The large company of `npm run -w bench company` (issue 40): what the seeder builds and what the route
 * and screen runs need to know about it. `scale` 1 is the full company; 0.1 and 0.01 the smaller ones the
 * growth table compares against.
 */

/** Row counts at scale 1 (the company); a run at scale s seeds round(count × s), at least 1. */
export const FULL_SIZE = {
  organizations: 200,
  staff: 30_000,
  certificates: 150_000,
  sites: 500,
  auditEntries: 2_000_000,
  photos: 20_000,
  pages: 2_000,
  products: 5_000,
  skus: 50_000,
  members: 100_000,
  mailOutbox: 1_000_000,
} as const;

export type SizeKey = keyof typeof FULL_SIZE;

export interface Credentials {
  email: string;
  password: string;
}

/** What a seeded company tells the runs: who signs in, and one real id of each kind to ask for. */
export interface CompanyShape {
  scale: number;
  engine: 'sqlite' | 'postgres';
  /** The database URL (sqlite:<file> or postgres://…) the server is started on. */
  url: string;
  /** The DATA_DIR the seeded files (photos, evidence scans) live in; the server must be started with it. */
  dataDir: string;
  /**
   * The rest of the server's environment (beside DATABASE_URL = url and DATA_DIR = dataDir): JWT_SECRET, which
   * sealed the mail bodies, and PERSONAL_DATA_KEY, which wraps the keys of the staff's sealed national ids.
   * Pass these, not a random JWT_SECRET (DATA_DIR also holds both, for a server started without them).
   */
  serverEnv: Record<string, string>;
  /** Row counts actually seeded, per table name (staff, certificates, audit_logs, mail_outbox, …). */
  counts: Record<string, number>;
  /** Super admin (sees every organization). */
  superAdmin: Credentials;
  /** An admin of the largest organization only (SUB_ACCOUNT_ROLE_ADMIN there). */
  organizationAdmin: Credentials;
  /** The largest organization: every organization-scoped run is asked in it. */
  organizationId: number;
  /** Sample ids inside `organizationId` (or company-wide where the resource has no organization). */
  sample: {
    staffId: number;
    /** A staff member's name fragment and national ID digits a keyword search finds. */
    staffKeyword: string;
    siteId: number;
    contractorId: number;
    certificateTypeId: number;
    photoId: number;
    pageId: number;
    productId: number;
    memberId: number;
    mailId: number;
    auditLogId: number;
    /** A current site pass's typed code for the gate verdict at `siteId`. */
    gateCode: string;
  };
}
