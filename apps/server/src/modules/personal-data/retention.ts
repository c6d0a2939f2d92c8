import type { AppConfig } from '@bo/shared/app-config';
import { RETENTION_MINIMUM_YEARS } from '@bo/shared/retention-minimums';
import { RETENTION_RULES, type RetentionPreview } from '@bo/shared/schemas/personal-data';
import type { ReadDb, Trx } from '../../db/database.ts';
import { eventLoopPacer } from '../../lib/event-loop.ts';
import { departedBefore, healthChecksBefore, type DepartedRow, type HealthCheckRetentionRow } from './personal-data.repository.ts';

type Retention = AppConfig['personalDataRetention'];

/** One batch of a retention run: one transaction, so a run of many records never holds a long lock. */
export const RETENTION_BATCH = 200;

/** `day` moved by whole years; 29 February becomes the 28th in a year without it. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const dd = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

/** The rules with the company's settings (app config personalDataRetention). */
export function retentionRules(r: Retention): RetentionPreview['rules'] {
  return RETENTION_RULES.map((rule) => ({
    id: rule.id,
    years: r[rule.setting],
    minimum_years: RETENTION_MINIMUM_YEARS[rule.setting],
    citation: rule.citation,
    counts_from: rule.counts_from,
    applies: true,
  }));
}

/** Surname kept, the rest hidden: enough for the office to recognise whom a run touches. */
export const maskName = (name: string) => (name.length <= 1 ? name : `${name[0]}${'○'.repeat(Math.min(name.length - 1, 3))}`);

export interface RetentionItem extends DepartedRow {
  kept_until: string;
}

/**
 * What a run for `day` touches, in batches: departed staff whose period (departedStaffYears from
 * `left_on`) ended before `day`. The preview and the job both read this, so the preview is the run.
 */
export async function* retentionBatches(db: ReadDb | Trx, r: Retention, day: string): AsyncGenerator<RetentionItem[]> {
  const leftBefore = addYears(day, -r.departedStaffYears);
  const pace = eventLoopPacer();
  let afterId = 0;
  for (;;) {
    await pace();
    const rows = await departedBefore(db, leftBefore, afterId, RETENTION_BATCH);
    if (!rows.length) return;
    yield rows.map((row) => ({ ...row, kept_until: addYears(row.left_on, r.departedStaffYears) }));
    if (rows.length < RETENTION_BATCH) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

export type HealthRule = 'general-health' | 'special-health';

/** Which health checks each health rule keeps (勞工健康保護規則): special checks 10 years, the others 7, by default. */
export const HEALTH_RULE_KINDS: Record<HealthRule, { kinds: readonly string[]; setting: 'generalHealthYears' | 'specialHealthYears' }> = {
  'general-health': { kinds: ['pre_employment', 'general', 'migrant'], setting: 'generalHealthYears' },
  'special-health': { kinds: ['special'], setting: 'specialHealthYears' },
};

export interface HealthRetentionItem extends HealthCheckRetentionRow {
  rule: HealthRule;
  kept_until: string;
}

/**
 * Health checks whose period (from the check day) ended before `day`, rule by rule, in batches: erased
 * by the run (issue 38); the preview and the job both read this, as for departed staff.
 */
export async function* healthRetentionBatches(db: ReadDb | Trx, r: Retention, day: string): AsyncGenerator<HealthRetentionItem[]> {
  const pace = eventLoopPacer();
  for (const [rule, { kinds, setting }] of Object.entries(HEALTH_RULE_KINDS) as [HealthRule, (typeof HEALTH_RULE_KINDS)[HealthRule]][]) {
    const years = r[setting];
    let afterId = 0;
    for (;;) {
      await pace();
      const rows = await healthChecksBefore(db, kinds, addYears(day, -years), afterId, RETENTION_BATCH);
      if (!rows.length) break;
      yield rows.map((row) => ({ ...row, rule, kept_until: addYears(row.checked_on, years) }));
      if (rows.length < RETENTION_BATCH) break;
      afterId = rows[rows.length - 1]!.id;
    }
  }
}
