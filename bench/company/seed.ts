/**
 * The large company of `npm run -w bench company` (issue 40, bench/company/shape.ts): FULL_SIZE × scale
 * rows of a Taiwanese construction company in a freshly migrated database, in bulk (seed-bulk.ts), then
 * the app's own compliance recompute of every organization and one real id of each kind to ask for.
 *
 * The server started on it needs, beside DATABASE_URL and DATA_DIR, the `serverEnv` answered here:
 * JWT_SECRET (the mail bodies are sealed with it, lib/mail/outbox.ts) and PERSONAL_DATA_KEY (the
 * key-encryption key wrapping the personal-data keys the staff's national ids are sealed under,
 * lib/personal-data/). Both are also written where the server looks without them (DATA_DIR/jwt-secret,
 * DATA_DIR/personal-data.key), so a server given only DATA_DIR reads the same company.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dueStatus } from '../../packages/shared/src/compliance/vocabulary.ts';
import { todayInTaipei } from '../../packages/shared/src/dates.ts';
import { JWT_SECRET_FILE, loadConfig, PERSONAL_DATA_KEY_FILE } from '../../apps/server/src/config.ts';
import { sql } from '../../apps/server/src/db/columns.ts';
import { createDatabase, type Trx } from '../../apps/server/src/db/database.ts';
import { recomputeDueItems } from '../../apps/server/src/lib/compliance/recompute.ts';
import { writableKeyRing } from '../../apps/server/src/lib/personal-data/vault.ts';
import { seedAudit } from './seed-audit.ts';
import { openBulk, timed, type Log } from './seed-bulk.ts';
import { photoOrganizations, seedContent } from './seed-content.ts';
import { storedFiles } from './seed-files.ts';
import { seedMail } from './seed-mail.ts';
import { ORGANIZATION_ADMIN, seedPeople, SUPER_ADMIN } from './seed-people.ts';
import { makePlan } from './seed-plan.ts';
import type { CompanyShape } from './shape.ts';

export type SeededCompany = Omit<CompanyShape, 'scale' | 'engine' | 'url' | 'dataDir'>;

/** The tables whose ids the seeder chooses (their sequences are moved past them on PostgreSQL). */
const ID_TABLES = [
  'organizations',
  'admins',
  'contractors',
  'sites',
  'site_contractors',
  'certificate_types',
  'staff',
  'staff_certificates',
  'site_roster',
  'staff_trainings',
  'staff_health_checks',
  'staff_insurances',
  'staff_migrant_documents',
  'site_passes',
  'photos',
  'pages',
  'products',
  'product_instances',
  'members',
  'mail_outbox',
  'audit_logs',
];

/** The server secrets of DATA_DIR: the files' values when a run before made them, otherwise new ones written there. */
function serverSecrets(dataDir: string): { JWT_SECRET: string; PERSONAL_DATA_KEY: string } {
  const read = (name: string, make: () => string) => {
    const file = join(dataDir, name);
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    const value = make();
    writeFileSync(file, `${value}\n`, { mode: 0o600 });
    return value;
  };
  return {
    JWT_SECRET: read(JWT_SECRET_FILE, () => randomBytes(48).toString('base64url')),
    PERSONAL_DATA_KEY: read(PERSONAL_DATA_KEY_FILE, () => randomBytes(32).toString('base64')),
  };
}

export async function seedCompany(url: string, o: { scale: number; dataDir: string; log: Log }): Promise<SeededCompany> {
  const { log } = o;
  const started = performance.now();
  const serverEnv = serverSecrets(o.dataDir);
  const config = loadConfig({ DATA_DIR: o.dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent', ...serverEnv });
  const plan = makePlan(o.scale, todayInTaipei());
  log(
    `seeding the company at scale ${o.scale} (${plan.n.organizations} organizations, ${plan.n.staff} staff, ${plan.n.auditEntries} audit entries) ` +
      `into ${url.startsWith('sqlite:') ? url : url.replace(/\/\/[^@]*@/, '//')}`,
  );
  const { db } = createDatabase(url, undefined, 2);
  try {
    // The app's key ring: its data and index keys made and wrapped as the first staff write makes them.
    const ring = await db.transaction().execute((trx) => writableKeyRing(trx, config));
    const files = await storedFiles(o.dataDir);
    const bulk = await openBulk(url);
    const people = await seedPeople(bulk, plan, ring, files, log);
    const content = await seedContent(bulk, plan, files, log);
    const mail = await seedMail(bulk, plan, config.jwtSecret, log);
    const audit = await seedAudit(bulk, plan, log);
    await timed(log, 'sequences, ANALYZE', () => bulk.finish(ID_TABLES));
    log(`  stored files: ${files.count.toLocaleString('en')} objects (hard links to ${Math.ceil(files.count / 60_000) + 4} files)`);

    // The due items as the daily job computes them, every organization in one go.
    const organizations = Array.from({ length: plan.n.organizations }, (_, i) => i + 1);
    const recomputed = await timed(
      log,
      'compliance_due_items (recompute)',
      () => db.transaction().execute((trx) => recomputeDueItems(trx as Trx, { by: 'organization', ids: organizations }, plan.today)),
      (r) => r.items,
    );
    if (!url.startsWith('sqlite:')) await sql`analyze compliance_due_items`.execute(db);

    // The gate's sample: a current pass at the largest organization's first site whose worker is admitted today.
    const siteId = plan.sitesOf[0]!.first;
    const candidates = await db
      .selectFrom('site_passes as p')
      .innerJoin('site_roster as r', (j) => j.onRef('r.staff_id', '=', 'p.staff_id').onRef('r.site_id', '=', 'p.site_id'))
      .innerJoin('staff as s', 's.id', 'p.staff_id')
      .select(['p.id', 'p.code', 'p.staff_id', 'r.id as roster_id', 's.name', 's.national_id_masked'])
      .where('p.site_id', '=', siteId)
      .where('p.revoked_at', 'is', null)
      .where('r.starts_on', '<=', plan.today)
      .where('r.ends_on', 'is', null)
      .where('s.nationality', '=', 'TW')
      .orderBy('p.id')
      .limit(300)
      .execute();
    const items = await db
      .selectFrom('compliance_due_items')
      .select(['roster_id', 'state', 'due_on'])
      .where('site_id', '=', siteId)
      .execute();
    const blocked = new Set(items.filter((i) => ['overdue', 'missing'].includes(dueStatus(i, plan.today))).map((i) => i.roster_id));
    const gate = candidates.find((c) => !blocked.has(c.roster_id));
    if (!gate) throw new Error(`no admitted worker at site ${siteId}: the evidence seeding left every pass refused`);
    const photoIndex = photoOrganizations(plan).indexOf(1);
    const auditRow = await db
      .selectFrom('audit_logs')
      .select('id')
      .where('organization_id', '=', 1)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

    const counts: Record<string, number> = {
      ...people,
      ...content,
      mail_outbox: mail,
      audit_logs: audit.entries,
      compliance_due_items: recomputed.items,
      stored_files: files.count,
    };
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return {
      counts,
      superAdmin: SUPER_ADMIN,
      organizationAdmin: ORGANIZATION_ADMIN,
      organizationId: 1,
      serverEnv,
      sample: {
        staffId: gate.staff_id,
        staffKeyword: gate.name,
        siteId,
        contractorId: plan.contractorsOf[0]!.first,
        certificateTypeId: 1,
        photoId: photoIndex + 1,
        pageId: 1,
        productId: 1,
        memberId: 1,
        mailId: mail,
        auditLogId: auditRow.id,
        gateCode: gate.code,
      },
    };
  } finally {
    await db.destroy();
  }
}
