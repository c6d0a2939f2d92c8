/**
 * The company's people (issue 40): organizations, admins, subcontractors, sites with their
 * subcontractors, certificate types, staff (national id and blood type sealed, indexed and masked by the
 * app's own vault functions), certificates with scans, the compliance evidence (trainings, health checks,
 * insurances, migrant documents), roster rows and a current site pass per rostered worker.
 */
import { addDays } from '../../packages/shared/src/dates.ts';
import { FIRST_ADMIN_ROLES } from '../../packages/shared/src/roles.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { sealedColumns } from '../../apps/server/src/lib/personal-data/sealed-columns.ts';
import type { KeyRing } from '../../apps/server/src/lib/personal-data/vault.ts';
import type { Bulk, Cell, Log } from './seed-bulk.ts';
import { timed } from './seed-bulk.ts';
import type { StoredFiles } from './seed-files.ts';
import {
  address,
  CERTIFICATE_TYPES,
  contractorName,
  JOB_TITLES,
  landline,
  mobile,
  nationalId,
  organizationName,
  personName,
  pick,
  siteName,
  spread,
} from './seed-names.ts';
import { organizationOfStaff, type Plan } from './seed-plan.ts';
import type { Credentials } from './shape.ts';

export const SUPER_ADMIN: Credentials = { email: 'super@company.bench.test', password: 'BenchPass1!' };
export const ORGANIZATION_ADMIN: Credentials = { email: 'admin@company.bench.test', password: 'BenchPass1!' };
/** Admins 3…ADMINS: the other organizations' office staff, the audit trail's actors. */
export const ADMINS = 50;
const ORGANIZATION_ADMIN_ROLES = ['ROLE_BASE', 'ROLE_PHOTO', 'ROLE_PAGE', 'ROLE_PRODUCT', 'ROLE_MEMBER'];

const CRUCIAL_ROLES = ['site_director', 'osh_staff', 'registered_engineer'];
const SUPERVISORS = ['supervisor_scaffolding', 'supervisor_formwork', 'supervisor_steel', 'supervisor_excavation'];
/** A site's crew as compliance.bench.ts staffs it: director, safety staff, engineer, supervisors, operators, workers. */
function siteRoleOf(indexOnSite: number): string {
  if (indexOnSite < 3) return CRUCIAL_ROLES[indexOnSite]!;
  if (indexOnSite < 7) return pick(SUPERVISORS, indexOnSite);
  if (indexOnSite < 14) return 'operator';
  return 'worker';
}

export const certificateTypeId = (org: number, k: number) => org * CERTIFICATE_TYPES.length + k + 1;

/** Answers the rows seeded, by table. */
export async function seedPeople(bulk: Bulk, plan: Plan, ring: KeyRing, files: StoredFiles, log: Log): Promise<Record<string, number>> {
  const { n, stamp, today } = plan;
  const day = (offset: number) => addDays(today, offset);
  const counts: Record<string, number> = {};
  const ts = [stamp, stamp];
  // Roster facts by staff id (one row each): the evidence and the passes follow them.
  const rosterOfStaff = new Map<number, RosterFact>();

  counts.organizations = await timed(log, 'organizations', () =>
    bulk.insert(
      'organizations',
      ['id', 'uid', 'name', 'company_id', 'status', 'certificate_reminder_days', 'created_at', 'updated_at'],
      Array.from({ length: n.organizations }, (_, o) => [
        o + 1,
        `org-bench-${o + 1}`,
        organizationName(o),
        String(24_000_000 + o * 37),
        'active',
        30,
        ...ts,
      ]),
    ),
  );

  const hash = await hashPassword(SUPER_ADMIN.password);
  counts.admins = await timed(log, 'admins', async () => {
    const admins: Cell[][] = Array.from({ length: ADMINS }, (_, i) => {
      const id = i + 1;
      const email = id === 1 ? SUPER_ADMIN.email : id === 2 ? ORGANIZATION_ADMIN.email : `office${id}@company.bench.test`;
      const name = id === 1 ? '系統管理員' : id === 2 ? '大安營造 管理員' : personName(100_000 + id);
      // The super admin as the first admin is made; the organization admin also edits the photo library and the website.
      const roles = id === 1 ? FIRST_ADMIN_ROLES : id === 2 ? ORGANIZATION_ADMIN_ROLES : [];
      return [id, email, name, hash, 1, JSON.stringify(roles), null, 'active', 'gregorian', ...ts];
    });
    const done = await bulk.insert(
      'admins',
      [
        'id',
        'email',
        'name',
        'password_hash',
        'has_change_default_password',
        'roles',
        'group_id',
        'status',
        'date_calendar',
        'created_at',
        'updated_at',
      ],
      admins,
    );
    // The organization admin administers the largest organization; the office staff one organization each.
    await bulk.insert(
      'organization_members',
      ['admin_id', 'organization_id', 'sub_account_roles', 'created_at'],
      Array.from({ length: ADMINS - 1 }, (_, i) => {
        const id = i + 2;
        const org = id === 2 ? 1 : 1 + ((id - 3) % n.organizations);
        return [id, org, JSON.stringify(id === 2 ? ['SUB_ACCOUNT_ROLE_ADMIN'] : ['SUB_ACCOUNT_ROLE_STAFF']), stamp];
      }),
    );
    return done;
  });

  counts.contractors = await timed(log, 'contractors', () =>
    bulk.insert(
      'contractors',
      ['id', 'organization_id', 'name', 'tax_id', 'contact_name', 'contact_phone', 'contact_email', 'notes', 'created_at', 'updated_at'],
      plan.contractorsOf.flatMap((r, o) =>
        Array.from({ length: r.count }, (_, k) => {
          const id = r.first + k;
          return [
            id,
            o + 1,
            contractorName(o, k),
            String(80_000_000 + id),
            personName(200_000 + id),
            mobile(200_000 + id),
            `contractor${id}@company.bench.test`,
            null,
            ...ts,
          ];
        }),
      ),
    ),
  );

  // Sites: most active, one in ten planned or completed; the largest organization's first site is active.
  const siteStatus = (k: number) => (k % 10 === 9 ? 'completed' : k % 10 === 8 ? 'planned' : 'active');
  counts.sites = await timed(log, 'sites', () =>
    bulk.insert(
      'sites',
      [
        'id',
        'organization_id',
        'name',
        'contract_number',
        'address',
        'starts_on',
        'ends_on',
        'status',
        'director_staff_id',
        'notes',
        'created_at',
        'updated_at',
      ],
      plan.sitesOf.flatMap((r, o) =>
        Array.from({ length: r.count }, (_, k) => {
          const id = r.first + k;
          const status = siteStatus(k);
          return [
            id,
            o + 1,
            siteName(id - 1),
            `C${113 - (k % 3)}-${String(id).padStart(4, '0')}`,
            address(300_000 + id),
            day(status === 'planned' ? 60 : -400 - (k % 200)),
            status === 'completed' ? day(-30) : day(300 + (k % 400)),
            status,
            null,
            null,
            ...ts,
          ];
        }),
      ),
    ),
  );
  counts.site_contractors = await timed(log, 'site_contractors', () => {
    let id = 0;
    return bulk.insert(
      'site_contractors',
      ['id', 'organization_id', 'site_id', 'contractor_id', 'created_at', 'updated_at'],
      plan.sitesOf.flatMap((r, o) => {
        const c = plan.contractorsOf[o]!;
        return Array.from({ length: r.count }, (_, k) =>
          [0, 1, 2].map((j) => [++id, o + 1, r.first + k, c.first + ((k * 3 + j) % c.count), ...ts]),
        ).flat();
      }),
    );
  });

  counts.certificate_types = await timed(log, 'certificate_types', () =>
    bulk.insert(
      'certificate_types',
      ['id', 'organization_id', 'name', 'sort', 'created_at', 'updated_at'],
      Array.from({ length: n.organizations }, (_, o) =>
        CERTIFICATE_TYPES.map((t, k) => [certificateTypeId(o, k), o + 1, t.name, k + 1, ...ts]),
      ).flat(),
    ),
  );

  // Staff: a third the organization's own, the rest its subcontractors'; one in ten a migrant worker;
  // 90% active, 6% inactive, 4% left.
  const statusOf = (id: number) => {
    const r = spread(id, 100, 29);
    return r < 90 ? 'active' : r < 96 ? 'inactive' : 'left';
  };
  const isMigrant = (id: number) => id % 10 === 9;
  // Hired within the last six years: every health-check record is inside its 7-year retention (no erasure at start-up).
  const hireDay = (id: number) => day(-2300 + (id % 2200));
  counts.staff = await timed(log, 'staff (sealed national ids)', () =>
    bulk.insert(
      'staff',
      [
        'id',
        'organization_id',
        'name',
        'nickname',
        'national_id_enc',
        'national_id_bidx',
        'national_id_masked',
        'birthday',
        'gender',
        'mobile',
        'email',
        'address',
        'emergency_contact',
        'emergency_phone',
        'blood_type_enc',
        'job_title',
        'hire_date',
        'notes',
        'status',
        'photo_key',
        'photo_id',
        'left_on',
        'contractor_id',
        'nationality',
        'entered_taiwan_on',
        'created_at',
        'updated_at',
      ],
      (function* () {
        for (const [o, r] of plan.staffOf.entries()) {
          const c = plan.contractorsOf[o]!;
          for (let k = 0; k < r.count; k++) {
            const id = r.first + k;
            const migrant = isMigrant(id);
            const status = statusOf(id);
            const sealed = sealedColumns(ring, 'staff', id, {
              national_id: migrant ? null : nationalId(id),
              blood_type: pick(['A', 'B', 'O', 'AB', 'O', 'A'], id),
            });
            yield [
              id,
              o + 1,
              personName(id, migrant),
              id % 7 === 3 ? `阿${personName(id).slice(-1)}` : null,
              sealed.national_id_enc ?? null,
              sealed.national_id_bidx ?? null,
              sealed.national_id_masked ?? null,
              id % 50 === 7
                ? null
                : `${1962 + (id % 40)}-${String(1 + (id % 12)).padStart(2, '0')}-${String(1 + (id % 28)).padStart(2, '0')}`,
              id % 9 === 4 ? 'female' : 'male',
              mobile(id),
              id % 3 === 0 ? `worker${id}@company.bench.test` : null,
              address(id),
              personName(id + 500_000),
              id % 4 === 0 ? landline(id) : mobile(id + 500_000),
              sealed.blood_type_enc ?? null,
              pick(JOB_TITLES, spread(id, JOB_TITLES.length, 3)),
              hireDay(id),
              null,
              status,
              null,
              null,
              status === 'left' ? day(-(id % 300)) : null,
              k % 3 === 0 ? null : c.first + (k % c.count),
              migrant ? pick(['VN', 'ID', 'TH', 'PH'], id) : 'TW',
              migrant ? day(-30 - (id % 1000)) : null,
              ...ts,
            ];
          }
        }
      })(),
    ),
  );

  // Certificates: five a worker on average (3 to 7, each of a different type), each with a scanned PDF;
  // about 8% expired, 7% expiring within 30 days.
  counts.staff_certificates = await timed(log, 'staff_certificates (+ scans)', () => {
    let id = 0;
    return bulk.insert(
      'staff_certificates',
      [
        'id',
        'organization_id',
        'staff_id',
        'certificate_type_id',
        'number',
        'issued_at',
        'expires_at',
        'file_key',
        'file_name',
        'file_type',
        'file_size',
        'created_at',
        'updated_at',
      ],
      (function* () {
        for (let s = 1; s <= n.staff; s++) {
          const o = organizationOfStaff(plan, s);
          const many = Math.floor((s * n.certificates) / n.staff) - Math.floor(((s - 1) * n.certificates) / n.staff);
          for (let j = 0; j < many; j++) {
            id++;
            const k = (spread(s, CERTIFICATE_TYPES.length, 5) + j) % CERTIFICATE_TYPES.length;
            const r = spread(id, 100, 41);
            const expires = r < 8 ? day(-1 - (id % 300)) : r < 15 ? day(id % 30) : day(31 + (id % 1000));
            const issued = addDays(expires, -365 * CERTIFICATE_TYPES[k]!.years);
            const key = `staff/${o + 1}/certificates/${uuidOf('c', id)}.pdf`;
            const size = files.put('scan', key);
            yield [
              id,
              o + 1,
              s,
              certificateTypeId(o, k),
              `(${113 - (id % 5)})勞安字第${String(100_000 + (id % 899_999))}號`,
              issued,
              expires,
              key,
              `${CERTIFICATE_TYPES[k]!.name}.pdf`,
              'application/pdf',
              size,
              ...ts,
            ];
          }
        }
      })(),
      { rebuildIndexes: true },
    );
  });

  // Roster: every staff member not gone is on one site of their organization (completed sites' rows ended).
  let rosterId = 0;
  for (const [o, r] of plan.staffOf.entries()) {
    const sites = plan.sitesOf[o]!;
    if (!sites.count) continue;
    const perSite = Math.ceil(r.count / sites.count);
    for (let k = 0; k < r.count; k++) {
      const staffId = r.first + k;
      if (statusOf(staffId) === 'left') continue;
      const siteIndex = Math.min(sites.count - 1, Math.floor(k / perSite));
      const status = siteStatus(siteIndex);
      const ended = status === 'completed' || statusOf(staffId) === 'inactive';
      rosterOfStaff.set(staffId, {
        id: ++rosterId,
        site: sites.first + siteIndex,
        role: siteRoleOf(k % perSite),
        starts: status === 'planned' ? day(60) : day(-300 + (staffId % 280)),
        ends: ended ? day(-10 - (staffId % 20)) : null,
      });
    }
  }
  counts.site_roster = await timed(log, 'site_roster', () =>
    bulk.insert(
      'site_roster',
      ['id', 'organization_id', 'site_id', 'staff_id', 'site_role', 'work_kinds', 'starts_on', 'ends_on', 'created_at', 'updated_at'],
      (function* () {
        for (const [staffId, f] of rosterOfStaff) {
          yield [
            f.id,
            organizationOfStaff(plan, staffId) + 1,
            f.site,
            staffId,
            f.role,
            JSON.stringify(staffId % 8 === 4 ? ['noise'] : []),
            f.starts,
            f.ends,
            ...ts,
          ];
        }
      })(),
    ),
  );

  // Evidence, as compliance.bench.ts lays it: most complete, some missing or late; one in four with a scan.
  const withScan = (table: string, id: number, o: number) => {
    if (id % 4 !== 0) return [null, null, null, null];
    const key = `staff/${o + 1}/evidence/${uuidOf(table[6]!, id)}.pdf`;
    return [key, 'scan.pdf', 'application/pdf', files.put('scan', key)];
  };
  counts.staff_trainings = await timed(log, 'staff_trainings', () => {
    let id = 0;
    return bulk.insert(
      'staff_trainings',
      [
        'id',
        'organization_id',
        'staff_id',
        'course_kind',
        'course_name',
        'subject',
        'hours',
        'completed_on',
        'provider',
        'card_number_enc',
        'card_number_masked',
        'file_key',
        'file_name',
        'file_type',
        'file_size',
        'created_at',
        'updated_at',
      ],
      (function* () {
        for (let s = 1; s <= n.staff; s++) {
          const o = organizationOfStaff(plan, s);
          const role = rosterOfStaff.get(s)?.role ?? 'worker';
          const rows: [string, string, string | null, number, string][] = [];
          if (s % 25 !== 3) rows.push(['general', '營造業一般安全衛生教育訓練', null, 6, day(-320 - (s % 400))]);
          if (role.startsWith('supervisor_'))
            rows.push([
              'supervisor',
              '作業主管安全衛生教育訓練',
              role === 'supervisor_scaffolding' ? '施工架組配' : '模板支撐',
              18,
              day(-200 - (s % 900)),
            ]);
          if (role === 'operator' || role === 'osh_staff') rows.push(['in_service', '在職教育訓練', null, 12, day(-100 - (s % 1100))]);
          for (const [kind, name, subject, hours, on] of rows) {
            id++;
            const card = kind === 'general' ? `TW${String(10_000_000 + id)}` : null;
            const sealed = card ? sealedColumns(ring, 'staff_trainings', id, { card_number: card }) : {};
            yield [
              id,
              o + 1,
              s,
              kind,
              name,
              subject,
              hours,
              on,
              '中華民國工業安全衛生協會',
              sealed.card_number_enc ?? null,
              sealed.card_number_masked ?? null,
              ...withScan('staff_trainings', id, o),
              ...ts,
            ];
          }
        }
      })(),
    );
  });
  counts.staff_health_checks = await timed(log, 'staff_health_checks', () => {
    let id = 0;
    return bulk.insert(
      'staff_health_checks',
      [
        'id',
        'organization_id',
        'staff_id',
        'check_kind',
        'checked_on',
        'provider',
        'result_grade_enc',
        'notes_enc',
        'file_key',
        'file_name',
        'file_type',
        'file_size',
        'created_at',
        'updated_at',
      ],
      (function* () {
        for (let s = 1; s <= n.staff; s++) {
          const o = organizationOfStaff(plan, s);
          // Before the hire date, as the pre-employment rule asks; one in thirty only after it.
          const rows: [string, string][] = [['pre_employment', addDays(hireDay(s), s % 30 === 17 ? 10 : -5 - (s % 30))]];
          if (s % 6 !== 1) rows.push(['general', day(-(s % 700))]);
          if (s % 8 === 4) rows.push(['special', day(-(s % 300))]);
          if (isMigrant(s) && s % 20 !== 19) rows.push(['migrant', day(-(s % 150))]);
          for (const [kind, on] of rows) {
            id++;
            const grade =
              id % 3 === 0
                ? sealedColumns(ring, 'staff_health_checks', id, { result_grade: pick(['第一級', '第二級', '第三級'], id) })
                : {};
            yield [
              id,
              o + 1,
              s,
              kind,
              on,
              '臺北健康管理中心',
              grade.result_grade_enc ?? null,
              null,
              ...withScan('staff_health_checks', id, o),
              ...ts,
            ];
          }
        }
      })(),
    );
  });
  counts.staff_insurances = await timed(log, 'staff_insurances', () => {
    let id = 0;
    return bulk.insert(
      'staff_insurances',
      [
        'id',
        'organization_id',
        'staff_id',
        'scheme',
        'enrolled_on',
        'ended_on',
        'file_key',
        'file_name',
        'file_type',
        'file_size',
        'created_at',
        'updated_at',
      ],
      (function* () {
        for (let s = 1; s <= n.staff; s++) {
          if (s % 40 === 11) continue;
          const o = organizationOfStaff(plan, s);
          const starts = rosterOfStaff.get(s)?.starts ?? day(-400);
          for (const scheme of ['labour', 'employment', 'occupational_accident']) {
            id++;
            yield [id, o + 1, s, scheme, addDays(starts, s % 100 === 13 ? 2 : -3), null, ...withScan('staff_insurances', id, o), ...ts];
          }
        }
      })(),
    );
  });
  counts.staff_migrant_documents = await timed(log, 'staff_migrant_documents', () => {
    let id = 0;
    return bulk.insert(
      'staff_migrant_documents',
      [
        'id',
        'organization_id',
        'staff_id',
        'document',
        'number_enc',
        'number_masked',
        'starts_on',
        'ends_on',
        'file_key',
        'file_name',
        'file_type',
        'file_size',
        'created_at',
        'updated_at',
      ],
      (function* () {
        for (let s = 1; s <= n.staff; s++) {
          if (!isMigrant(s)) continue;
          const o = organizationOfStaff(plan, s);
          for (const [k, document] of ['permit', 'residence_permit', 'passport'].entries()) {
            id++;
            const sealed = sealedColumns(ring, 'staff_migrant_documents', id, {
              number: `${document === 'passport' ? 'C' : 'W'}${String(70_000_000 + id)}`,
            });
            yield [
              id,
              o + 1,
              s,
              document,
              sealed.number_enc ?? null,
              sealed.number_masked ?? null,
              day(-600),
              day(-20 + ((s * (k + 3)) % 900)),
              ...withScan('staff_migrant_documents', id, o),
              ...ts,
            ];
          }
        }
      })(),
    );
  });

  // A current pass per current roster row (the gate's scans look them up by code).
  counts.site_passes = await timed(log, 'site_passes', () =>
    bulk.insert(
      'site_passes',
      [
        'id',
        'organization_id',
        'site_id',
        'staff_id',
        'code',
        'serial',
        'issued_at',
        'revoked_at',
        'revoked_reason',
        'replaced_by_id',
        'created_at',
        'updated_at',
      ],
      (function* () {
        let id = 0;
        for (const [staffId, f] of rosterOfStaff) {
          if (f.ends) continue;
          id++;
          yield [id, organizationOfStaff(plan, staffId) + 1, f.site, staffId, passCode(id), 1, stamp, null, null, null, ...ts];
        }
      })(),
    ),
  );
  return counts;
}

type RosterFact = { id: number; site: number; role: string; starts: string; ends: string | null };

const PASS_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Pass `id`'s typed code (XXXX-XXXX, the gate's alphabet): a bijection of the id below 2^40, so no two clash. */
export function passCode(id: number): string {
  let v = (BigInt(id) * 0x9e3779b1n) % (1n << 40n);
  let s = '';
  for (let i = 0; i < 8; i++) {
    s = PASS_ALPHABET[Number(v & 31n)]! + s;
    v >>= 5n;
  }
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

/** A UUID-shaped name for a stored object, a function of its kind and row (the app's keys are random UUIDs). */
export function uuidOf(kind: string, id: number): string {
  const h = (BigInt(id) * 0x9e3779b97f4a7c15n + BigInt(kind.charCodeAt(0))) & ((1n << 64n) - 1n);
  const hex = h.toString(16).padStart(16, '0') + id.toString(16).padStart(16, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
