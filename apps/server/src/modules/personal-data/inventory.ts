import { LEAK_NOTIFICATIONS, PERSONAL_DATA_CATEGORIES, type PersonalDataInventory } from '@bo/shared/schemas/personal-data';
import type { ReadDb } from '../../db/database.ts';
import { loadAppConfig } from '../../lib/app-config.ts';
import { personalDataCounts } from './personal-data.repository.ts';
import { personalFields } from '../../lib/personal-data/categories.ts';
import { peopleHolding, recordsOfFields } from '../../lib/personal-data/holders.repository.ts';
import { REVEAL_ROLES, staffPersonalFields } from './personal-fields.ts';
import { retentionRules } from './retention.ts';

/**
 * The personal-data inventory (issue 37 item 6): per category how many people and records hold
 * it, where it is stored, who may reveal it and which retention rules keep it; what the company
 * reports after a leak (個資法 §12) and to whom.
 */
export async function personalDataInventory(db: ReadDb, now = new Date()): Promise<PersonalDataInventory> {
  const counts = await personalDataCounts(db);
  const fields = staffPersonalFields();
  // Issue 38: the evidence a worker holds (training cards, health checks, migrant documents) is declared by table too.
  const elsewhere = personalFields().filter((f) => f.table !== 'staff');
  const elsewhereRecords = await recordsOfFields(db, elsewhere);
  const people = Object.fromEntries(
    await Promise.all(PERSONAL_DATA_CATEGORIES.map(async (c) => [c, await peopleHolding(db, c)] as const)),
  ) as Record<string, number>;
  const retention = retentionRules((await loadAppConfig(db)).personalDataRetention);
  return {
    generated_at: now.toISOString(),
    categories: PERSONAL_DATA_CATEGORIES.map((category) => {
      const places = [
        ...fields
          .filter((f) => f.category === category)
          .map((f) => ({ table: 'staff', column: f.columns.join(', '), encrypted: f.encrypted, records: counts.fields[f.field] ?? 0 })),
        ...elsewhere
          .filter((f) => f.category === category)
          .map((f) => ({
            table: f.table,
            column: [f.columns.sealed ?? f.field, f.columns.mask].filter(Boolean).join(', '),
            encrypted: f.encrypted,
            records: elsewhereRecords.get(`${f.table}.${f.field}`) ?? 0,
          })),
      ];
      return {
        category,
        people: people[category] ?? counts.people[category] ?? 0,
        records: places.reduce((n, p) => n + p.records, 0),
        places,
        reveal_roles: [...REVEAL_ROLES[category]],
        retention: category === 'health' ? ['departed-staff', 'general-health', 'special-health'] : ['departed-staff'],
      };
    }),
    notify: LEAK_NOTIFICATIONS.map((n) => ({ ...n })),
    retention,
    departed_staff: counts.departed,
    anonymised_staff: counts.anonymised,
  };
}

/** The inventory as lines for the command line. */
export function inventoryLines(inv: PersonalDataInventory): string[] {
  const lines = [`personal-data inventory, ${inv.generated_at}`, ''];
  for (const c of inv.categories) {
    lines.push(`${c.category}: ${c.people} people, ${c.records} records`);
    for (const p of c.places) lines.push(`  ${p.table}.${p.column}  ${p.encrypted ? 'encrypted' : 'NOT encrypted'}  ${p.records} records`);
    lines.push(`  may reveal: ${c.reveal_roles.join(', ')}`);
    lines.push(`  kept by: ${c.retention.join(', ')}`);
  }
  lines.push('', 'retention:');
  for (const r of inv.retention)
    lines.push(
      `  ${r.id}: ${r.years} years from ${r.counts_from} (law's minimum ${r.minimum_years}; ${r.citation})${r.applies ? '' : ' [no such records stored yet]'}`,
    );
  lines.push('', `departed staff: ${inv.departed_staff}, anonymised: ${inv.anonymised_staff}`);
  lines.push('', 'whom to notify after a leak (product data, not legal advice: check with a lawyer):');
  for (const n of inv.notify)
    lines.push(`  ${n.id}: ${n.whom}`, `    when: ${n.when}`, `    source: ${n.citation}${n.confirmed ? '' : ' [unconfirmed]'}`);
  return lines;
}
