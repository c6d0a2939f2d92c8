import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../columns.ts';

/**
 * Issue 38 (docs/compliance.md): subcontractors, sites with their rosters, the evidence a worker holds
 * beside certificates (training, health checks, insurance, migrant documents), the organization's rule
 * settings over the shipped rule pack, and the computed due items. Dates are Taipei days (YYYY-MM-DD).
 * Personal columns follow lib/personal-data/categories.ts: `<field>_enc` sealed, `<field>_masked` for lists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const org = (c: any) => c.notNull().references('organizations.id').onDelete('cascade');
  const staffRef = (c: any) => c.notNull().references('staff.id').onDelete('cascade');
  const file = (t: any) =>
    t.addColumn('file_key', 'text').addColumn('file_name', 'text').addColumn('file_type', 'text').addColumn('file_size', 'integer');

  // 協力廠商: a company working for the organization on its sites; its workers are staff rows with its contractor_id.
  await withTimestamps(
    withId(db, db.schema.createTable('contractors'))
      .addColumn('organization_id', 'integer', org)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('tax_id', 'text')
      .addColumn('contact_name', 'text')
      .addColumn('contact_phone', 'text')
      .addColumn('notes', 'text'),
  ).execute();
  await db.schema.createIndex('contractors_org_name_uq').unique().on('contractors').columns(['organization_id', 'name']).execute();

  await db.schema
    .alterTable('staff')
    .addColumn('contractor_id', 'integer', (c) => c.references('contractors.id').onDelete('set null'))
    .execute();
  // ISO 3166-1 alpha-2; anything but TW is a migrant worker for the rule pack.
  await db.schema
    .alterTable('staff')
    .addColumn('nationality', 'text', (c) => c.notNull().defaultTo('TW'))
    .execute();
  // 入境日 of a migrant worker: the 6/18/30-month health checks count from it.
  await db.schema.alterTable('staff').addColumn('entered_taiwan_on', 'text').execute();
  // 專任工程人員: the day the departure was reported to the authority (營造業法 §40).
  await db.schema.alterTable('staff').addColumn('departure_reported_on', 'text').execute();
  await db.schema.createIndex('staff_org_contractor_idx').on('staff').columns(['organization_id', 'contractor_id', 'id']).execute();

  // 工地 / 工程.
  await withTimestamps(
    withId(db, db.schema.createTable('sites'))
      .addColumn('organization_id', 'integer', org)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('contract_number', 'text')
      .addColumn('address', 'text')
      .addColumn('starts_on', 'text')
      .addColumn('ends_on', 'text')
      // planned | active | suspended | completed
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('director_staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
      .addColumn('notes', 'text'),
  ).execute();
  await db.schema.createIndex('sites_org_status_idx').on('sites').columns(['organization_id', 'status', 'id']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('site_contractors'))
      .addColumn('organization_id', 'integer', org)
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('contractor_id', 'integer', (c) => c.notNull().references('contractors.id').onDelete('cascade')),
  ).execute();
  await db.schema.createIndex('site_contractors_uq').unique().on('site_contractors').columns(['site_id', 'contractor_id']).execute();

  // Who works on which site, in which site role, from when to when (ends_on null: open).
  await withTimestamps(
    withId(db, db.schema.createTable('site_roster'))
      .addColumn('organization_id', 'integer', org)
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('staff_id', 'integer', staffRef)
      .addColumn('site_role', 'text', (c) => c.notNull())
      // JSON array of kinds of work on this site (e.g. "noise"), for rules such as special-health.
      .addColumn('work_kinds', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('starts_on', 'text', (c) => c.notNull())
      .addColumn('ends_on', 'text'),
  ).execute();
  await db.schema.createIndex('site_roster_site_idx').on('site_roster').columns(['site_id', 'staff_id']).execute();
  await db.schema.createIndex('site_roster_staff_idx').on('site_roster').columns(['staff_id', 'site_id']).execute();

  // Training records: general (一般安全衛生教育訓練), in_service (在職), supervisor (作業主管), refresher (回訓), other.
  await withTimestamps(
    file(
      withId(db, db.schema.createTable('staff_trainings'))
        .addColumn('organization_id', 'integer', org)
        .addColumn('staff_id', 'integer', staffRef)
        .addColumn('course_kind', 'text', (c) => c.notNull())
        .addColumn('course_name', 'text', (c) => c.notNull())
        // What the course qualifies for: a site role (施工架組配作業主管) or a rule's subject; null for general courses.
        .addColumn('subject', 'text')
        .addColumn('hours', 'real')
        .addColumn('completed_on', 'text', (c) => c.notNull())
        .addColumn('provider', 'text')
        // 台灣職安卡 number: an identifier (sealed, masked).
        .addColumn('card_number_enc', 'text')
        .addColumn('card_number_masked', 'text'),
    ),
  ).execute();
  await db.schema.createIndex('staff_trainings_staff_idx').on('staff_trainings').columns(['staff_id', 'completed_on']).execute();

  // Health checks: pre_employment (一般體格檢查), general (一般健康檢查), special (特殊健康檢查), migrant (外國人健康檢查).
  await withTimestamps(
    file(
      withId(db, db.schema.createTable('staff_health_checks'))
        .addColumn('organization_id', 'integer', org)
        .addColumn('staff_id', 'integer', staffRef)
        .addColumn('check_kind', 'text', (c) => c.notNull())
        .addColumn('checked_on', 'text', (c) => c.notNull())
        .addColumn('provider', 'text')
        // Health data (個資法 §6): sealed, never in a list.
        .addColumn('result_grade_enc', 'text')
        .addColumn('notes_enc', 'text'),
    ),
  ).execute();
  await db.schema.createIndex('staff_health_checks_staff_idx').on('staff_health_checks').columns(['staff_id', 'checked_on']).execute();

  // Insurance enrollment: labour (勞保), employment (就保), occupational_accident (職災保險).
  await withTimestamps(
    file(
      withId(db, db.schema.createTable('staff_insurances'))
        .addColumn('organization_id', 'integer', org)
        .addColumn('staff_id', 'integer', staffRef)
        .addColumn('scheme', 'text', (c) => c.notNull())
        .addColumn('enrolled_on', 'text', (c) => c.notNull())
        .addColumn('ended_on', 'text'),
    ),
  ).execute();
  await db.schema.createIndex('staff_insurances_staff_idx').on('staff_insurances').columns(['staff_id', 'scheme']).execute();

  // A migrant worker's documents: permit (聘僱許可), residence_permit (居留證), passport; number sealed and masked.
  await withTimestamps(
    file(
      withId(db, db.schema.createTable('staff_migrant_documents'))
        .addColumn('organization_id', 'integer', org)
        .addColumn('staff_id', 'integer', staffRef)
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('number_enc', 'text')
        .addColumn('number_masked', 'text')
        .addColumn('starts_on', 'text')
        .addColumn('ends_on', 'text'),
    ),
  ).execute();
  await db.schema
    .createIndex('staff_migrant_documents_staff_idx')
    .on('staff_migrant_documents')
    .columns(['staff_id', 'document'])
    .execute();

  // The organization's settings over the shipped pack (source 'pack': enabled, stricter interval) and its own rules ('custom').
  await withTimestamps(
    withId(db, db.schema.createTable('compliance_rules'))
      .addColumn('organization_id', 'integer', org)
      .addColumn('rule_key', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      // JSON: for 'pack' the overrides (e.g. {"months": 12}), for 'custom' the whole rule.
      .addColumn('definition', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('reason', 'text'),
  ).execute();
  await db.schema.createIndex('compliance_rules_uq').unique().on('compliance_rules').columns(['organization_id', 'rule_key']).execute();

  // Computed, never typed: one row per (roster row, applicable rule). The status is read against today (see docs/compliance.md).
  await withId(db, db.schema.createTable('compliance_due_items'))
    .addColumn('organization_id', 'integer', org)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('roster_id', 'integer', (c) => c.notNull().references('site_roster.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', staffRef)
    .addColumn('contractor_id', 'integer')
    .addColumn('rule_key', 'text', (c) => c.notNull())
    .addColumn('rule_version', 'integer', (c) => c.notNull())
    // dated | satisfied | failed | missing | cannot_tell
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text')
    .addColumn('window_opens_on', 'text')
    .addColumn('reason_key', 'text', (c) => c.notNull())
    .addColumn('reason_params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('compliance_due_items_org_idx')
    .on('compliance_due_items')
    .columns(['organization_id', 'state', 'due_on'])
    .execute();
  await db.schema.createIndex('compliance_due_items_site_idx').on('compliance_due_items').columns(['site_id', 'state', 'due_on']).execute();
  await db.schema.createIndex('compliance_due_items_staff_idx').on('compliance_due_items').columns(['staff_id', 'rule_key']).execute();
  await db.schema
    .createIndex('compliance_due_items_rule_idx')
    .on('compliance_due_items')
    .columns(['organization_id', 'rule_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'compliance_due_items',
    'compliance_rules',
    'staff_migrant_documents',
    'staff_insurances',
    'staff_health_checks',
    'staff_trainings',
    'site_roster',
    'site_contractors',
    'sites',
  ])
    await db.schema.dropTable(t).execute();
  await db.schema.dropIndex('staff_org_contractor_idx').execute();
  for (const c of ['departure_reported_on', 'entered_taiwan_on', 'nationality', 'contractor_id'])
    await db.schema.alterTable('staff').dropColumn(c).execute();
  await db.schema.dropTable('contractors').execute();
}
