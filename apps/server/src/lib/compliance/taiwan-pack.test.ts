import { REASONS, reasonText } from '@bo/shared/compliance/reasons';
import {
  type Rule,
  type RuleSetting,
  RULE_KEYS,
  effectiveRules,
  ruleSetting,
  ruleSettingErrors,
  ruleSettingOfRow,
  ruleSettingRow,
} from '@bo/shared/compliance/rules';
import { dueStatus } from '@bo/shared/compliance/vocabulary';
import { todayInTaipei } from '@bo/shared/dates';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DueItem, evaluateRule, evaluateWorker } from './evaluate.ts';
import { TAIWAN_PACK } from './taiwan-pack.ts';
import type { WorkerFacts } from './worker-facts.ts';

// The examples of /work/shared/compliance/taiwan-rules.md, on its fixed clock: 2026-12-01 in Taipei
// (16:30 UTC the day before). The engine takes the day as a parameter; the clock is set to show which day that is.
let TODAY = '';
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T16:30:00Z') });
  TODAY = todayInTaipei();
});
afterAll(() => vi.useRealTimers());

type FactsInput = {
  staff?: Partial<WorkerFacts['staff']>;
  roster?: Partial<WorkerFacts['roster']>;
} & Partial<Omit<WorkerFacts, 'staff' | 'roster'>>;

function worker(input: FactsInput = {}): WorkerFacts {
  return {
    staff: {
      id: 1,
      organization_id: 1,
      contractor_id: null,
      birthday: '1985-01-01',
      nationality: 'TW',
      job_title: null,
      hire_date: '2020-01-01',
      left_on: null,
      entered_taiwan_on: null,
      departure_reported_on: null,
      ...input.staff,
    },
    roster: { id: 1, site_id: 1, site_role: 'worker', work_kinds: [], starts_on: '2026-01-05', ends_on: null, ...input.roster },
    trainings: input.trainings ?? [],
    health_checks: input.health_checks ?? [],
    insurances: input.insurances ?? [],
    migrant_documents: input.migrant_documents ?? [],
    certificates: input.certificates ?? [],
  };
}

const rule = (key: string): Rule => {
  const found = TAIWAN_PACK.rules.find((r) => r.key === key);
  if (!found) throw new Error(`no rule ${key}`);
  return found;
};
const evaluate = (key: string, input: FactsInput) => evaluateRule(rule(key), worker(input), TODAY);
const status = (item: DueItem | null) => (item ? dueStatus(item, TODAY) : null);
const migrant = { nationality: 'VN', entered_taiwan_on: '2025-01-10' };

describe('the Taiwan pack, rule by rule (2026-12-01)', () => {
  it('runs on the fixed clock of the rules file', () => {
    expect(TODAY).toBe('2026-12-01');
  });

  it('holds every rule of the shared file, each with its citation', () => {
    expect(TAIWAN_PACK.rules.map((r) => r.key)).toEqual([
      'general-training',
      'training-osh-officer',
      'training-osh-staff',
      'training-supervisor-3y6h',
      'training-operator-3y3h',
      'supervisor-qualification',
      'site-director-refresher',
      'engineer-departure-report',
      'engineer-refresher',
      'pre-employment-health',
      'periodic-health',
      'special-health',
      'health-records-retention',
      'labour-insurance',
      'occupational-accident-insurance',
      'migrant-permit',
      'migrant-residence',
      'migrant-passport',
      'migrant-health-6-18-30',
      'site-entry-control',
    ]);
    for (const r of TAIWAN_PACK.rules) expect(r.citation.laws.length).toBeGreaterThan(0);
    expect(rule('training-osh-officer').citation.laws).toEqual([{ law: '職業安全衛生教育訓練規則', article: '19' }]);
  });

  it('general-training: 6 hours before the first day on site; a shorter course does not count', () => {
    const course = { course_kind: 'general' as const, subject: '營造作業', completed_on: '2026-11-01' };
    const done = evaluate('general-training', { roster: { starts_on: '2026-11-15' }, trainings: [{ ...course, hours: 6 }] });
    expect(done).toMatchObject({ state: 'satisfied', reason_key: 'compliance.reason.done_before_work' });
    expect(status(done)).toBe('ok');
    const short = evaluate('general-training', { roster: { starts_on: '2026-11-15' }, trainings: [{ ...course, hours: 3 }] });
    expect(short).toMatchObject({ state: 'missing', reason_params: { starts_on: '2026-11-15' } });
    expect(status(short)).toBe('missing');
    const ahead = evaluate('general-training', { roster: { starts_on: '2026-12-10' } });
    expect(ahead).toMatchObject({ state: 'dated', due_on: '2026-12-10', reason_params: { days_left: 9 } });
    expect(status(ahead)).toBe('due_30');
  });

  it('training-osh-officer: 6 hours every 2 years, for the OSH officer only', () => {
    const facts = {
      roster: { site_role: 'osh_officer' },
      trainings: [{ course_kind: 'in_service' as const, subject: null, hours: 6, completed_on: '2025-01-10' }],
    };
    const item = evaluate('training-osh-officer', facts);
    expect(item).toMatchObject({ state: 'dated', due_on: '2027-01-10', reason_params: { months: 24, days_left: 40 } });
    expect(status(item)).toBe('due_60');
    expect(evaluate('training-osh-officer', { ...facts, roster: { site_role: 'worker' } })).toBeNull();
    expect(
      evaluate('training-osh-officer', { ...facts, roster: { site_role: 'worker' }, staff: { job_title: '職業安全衛生業務主管' } }),
    ).not.toBeNull();
  });

  it('training-osh-staff: 12 hours every 2 years (a 6-hour course does not count)', () => {
    const item = evaluate('training-osh-staff', {
      roster: { site_role: '職業安全衛生管理人員' },
      trainings: [
        { course_kind: 'in_service', subject: null, hours: 12, completed_on: '2024-10-01' },
        { course_kind: 'in_service', subject: null, hours: 6, completed_on: '2025-10-01' },
      ],
    });
    expect(item).toMatchObject({
      due_on: '2026-10-01',
      reason_key: 'compliance.reason.next_due_overdue',
      reason_params: { days_overdue: 61 },
    });
    expect(status(item)).toBe('overdue');
  });

  it('training-supervisor-3y6h: 6 hours every 3 years for work supervisors', () => {
    const item = evaluate('training-supervisor-3y6h', {
      roster: { site_role: 'supervisor_scaffolding' },
      trainings: [{ course_kind: 'in_service', subject: null, hours: 6, completed_on: '2024-02-01' }],
    });
    expect(item).toMatchObject({ state: 'dated', due_on: '2027-02-01' });
    expect(status(item)).toBe('due_90');
  });

  it('training-operator-3y3h: last 3-hour course 2023-09-30 → due 2026-09-30 → overdue', () => {
    const item = evaluate('training-operator-3y3h', {
      roster: { site_role: 'operator' },
      trainings: [{ course_kind: 'in_service', subject: '移動式起重機', hours: 3, completed_on: '2023-09-30' }],
    });
    expect(item).toMatchObject({ state: 'dated', due_on: '2026-09-30', rule_key: 'training-operator-3y3h', rule_version: 1 });
    expect(status(item)).toBe('overdue');
  });

  it('supervisor-qualification: the matching supervisor course before acting in the role', () => {
    const scaffolding = {
      course_kind: 'supervisor' as const,
      subject: '施工架組配作業主管安全衛生教育訓練',
      hours: 18,
      completed_on: '2026-10-01',
    };
    const held = evaluate('supervisor-qualification', {
      roster: { site_role: 'supervisor_scaffolding', starts_on: '2026-11-01' },
      trainings: [scaffolding],
    });
    expect(status(held)).toBe('ok');
    const other = evaluate('supervisor-qualification', {
      roster: { site_role: 'supervisor_formwork', starts_on: '2026-11-01' },
      trainings: [scaffolding],
    });
    expect(other).toMatchObject({ state: 'missing' });
    expect(evaluate('supervisor-qualification', { roster: { site_role: 'worker' }, trainings: [scaffolding] })).toBeNull();
  });

  it('site-director-refresher: 回訓 certificate dated 2022-12-20 → due 2026-12-20 → due within 30 days', () => {
    const item = evaluate('site-director-refresher', {
      roster: { site_role: 'site_director' },
      certificates: [{ type_name: '工地主任回訓證明', issued_at: '2022-12-20', expires_at: null }],
    });
    expect(item).toMatchObject({ state: 'dated', due_on: '2026-12-20', reason_params: { months: 48, days_left: 19 } });
    expect(status(item)).toBe('due_30');
  });

  it('engineer-departure-report: within 15 days of the departure', () => {
    const engineer = { roster: { site_role: 'registered_engineer' } };
    const recent = evaluate('engineer-departure-report', { ...engineer, staff: { left_on: '2026-11-20' } });
    expect(recent).toMatchObject({ state: 'dated', due_on: '2026-12-05', reason_key: 'compliance.reason.departure_report_due' });
    expect(status(recent)).toBe('due_30');
    const late = evaluate('engineer-departure-report', { ...engineer, staff: { left_on: '2026-11-01' } });
    expect(late).toMatchObject({
      due_on: '2026-11-16',
      reason_key: 'compliance.reason.departure_report_overdue',
      reason_params: { days_overdue: 15 },
    });
    expect(status(late)).toBe('overdue');
    const reported = evaluate('engineer-departure-report', {
      ...engineer,
      staff: { left_on: '2026-11-01', departure_reported_on: '2026-11-10' },
    });
    expect(status(reported)).toBe('ok');
    expect(evaluate('engineer-departure-report', engineer)).toBeNull();
  });

  it('engineer-refresher: unconfirmed, ships switched off; every 4 years once switched on', () => {
    expect(rule('engineer-refresher').unconfirmed?.['zh-TW']).toContain('確認');
    expect(effectiveRules(TAIWAN_PACK, []).find((r) => r.key === 'engineer-refresher')?.enabled).toBe(false);
    const item = evaluate('engineer-refresher', {
      roster: { site_role: 'registered_engineer' },
      certificates: [{ type_name: '專任工程人員回訓證明', issued_at: '2023-02-01', expires_at: null }],
    });
    expect(item).toMatchObject({ due_on: '2027-02-01' });
    expect(status(item)).toBe('due_90');
  });

  it('pre-employment-health: the physical examination before the hire date', () => {
    const done = evaluate('pre-employment-health', {
      staff: { hire_date: '2026-11-20' },
      roster: { starts_on: '2026-11-25' },
      health_checks: [{ check_kind: 'pre_employment', checked_on: '2026-11-15' }],
    });
    expect(done).toMatchObject({ state: 'satisfied', reason_params: { done_on: '2026-11-15', starts_on: '2026-11-20' } });
    const ahead = evaluate('pre-employment-health', { staff: { hire_date: '2026-12-10' }, roster: { starts_on: '2026-12-10' } });
    expect(ahead).toMatchObject({ state: 'dated', due_on: '2026-12-10' });
    expect(status(ahead)).toBe('due_30');
  });

  describe('periodic-health', () => {
    const check = (birthday: string | null, checked_on: string) =>
      evaluate('periodic-health', { staff: { birthday }, health_checks: [{ check_kind: 'general', checked_on }] });

    it('born 1980-05-10 (46), last check 2023-11-20 → due 2026-11-20 → overdue by 11 days', () => {
      const item = check('1980-05-10', '2023-11-20');
      expect(item).toMatchObject({ due_on: '2026-11-20', reason_params: { age: 46, months: 36, days_overdue: 11 } });
      expect(status(item)).toBe('overdue');
    });

    it('born 1990-01-01 (36), last check 2022-06-01 → due 2027-06-01 → ok', () => {
      const item = check('1990-01-01', '2022-06-01');
      expect(item).toMatchObject({ due_on: '2027-06-01', reason_params: { age: 37, months: 60 } });
      expect(status(item)).toBe('ok');
    });

    it('born 1960-03-01 (66), last check 2026-01-15 → due 2027-01-15 → due within 60 days', () => {
      const item = check('1960-03-01', '2026-01-15');
      expect(item).toMatchObject({ due_on: '2027-01-15', reason_params: { age: 66, months: 12 } });
      expect(status(item)).toBe('due_60');
    });

    it('no birthday → cannot tell, 需要出生日期以判斷健康檢查週期', () => {
      const item = check(null, '2026-01-15');
      expect(item).toMatchObject({ state: 'cannot_tell', due_on: null, reason_key: 'compliance.reason.birthday_needed_health_interval' });
      expect(status(item)).toBe('cannot_tell');
      expect(reasonText(item!.reason_key, item!.reason_params, 'zh-TW')).toBe('需要出生日期以判斷健康檢查週期');
    });

    it('turning 65 before the 3-year date brings the yearly check forward to the birthday', () => {
      const item = check('1962-06-01', '2024-12-01');
      expect(item).toMatchObject({ due_on: '2027-06-01', reason_params: { age: 65, months: 12 } });
    });

    it('ships switched off with its article-number note', () => {
      expect(rule('periodic-health').unconfirmed?.['en-US']).toContain('article number');
      expect(effectiveRules(TAIWAN_PACK, []).find((r) => r.key === 'periodic-health')?.enabled).toBe(false);
    });
  });

  it('special-health: every year for work with special health hazards', () => {
    const noisy = {
      roster: { work_kinds: ['noise' as const] },
      health_checks: [{ check_kind: 'special' as const, checked_on: '2026-01-10' }],
    };
    const item = evaluate('special-health', noisy);
    expect(item).toMatchObject({ due_on: '2027-01-10' });
    expect(status(item)).toBe('due_60');
    expect(evaluate('special-health', { ...noisy, roster: { work_kinds: ['high_place'] } })).toBeNull();
    expect(status(evaluate('special-health', { roster: { work_kinds: ['dust'] } }))).toBe('missing');
  });

  it('health-records-retention: informational, no item per worker', () => {
    expect(rule('health-records-retention')).toMatchObject({
      per_worker: false,
      timing: { kind: 'informational', topic: 'records_retention' },
    });
    expect(evaluate('health-records-retention', { health_checks: [{ check_kind: 'general', checked_on: '2020-01-01' }] })).toBeNull();
  });

  describe('labour-insurance', () => {
    const insured = (enrolled_on: string) =>
      evaluate('labour-insurance', {
        roster: { starts_on: '2026-12-03' },
        insurances: [
          { scheme: 'labour', enrolled_on, ended_on: null },
          { scheme: 'employment', enrolled_on, ended_on: null },
        ],
      });

    it('roster start 2026-12-03, enrolled 2026-12-04 → overdue at the start', () => {
      const item = insured('2026-12-04');
      expect(item).toMatchObject({ state: 'failed', reason_key: 'compliance.reason.insured_late' });
      expect(status(item)).toBe('overdue');
    });

    it('roster start 2026-12-03, enrolled 2026-12-03 → ok', () => {
      expect(status(insured('2026-12-03'))).toBe('ok');
    });

    it('a migrant worker needs labour insurance only; ended insurance while on site fails', () => {
      const labourOnly = {
        roster: { starts_on: '2026-11-01' },
        insurances: [{ scheme: 'labour' as const, enrolled_on: '2026-10-30', ended_on: null }],
      };
      expect(status(evaluate('labour-insurance', { ...labourOnly, staff: migrant }))).toBe('ok');
      expect(status(evaluate('labour-insurance', labourOnly))).toBe('missing');
      const ended = evaluate('labour-insurance', {
        staff: migrant,
        roster: { starts_on: '2026-11-01' },
        insurances: [{ scheme: 'labour', enrolled_on: '2026-10-30', ended_on: '2026-11-20' }],
      });
      expect(ended).toMatchObject({ state: 'failed', reason_key: 'compliance.reason.insurance_ended' });
    });
  });

  it('occupational-accident-insurance: on or before the first day of work', () => {
    const ok = evaluate('occupational-accident-insurance', {
      roster: { starts_on: '2026-11-15' },
      insurances: [{ scheme: 'occupational_accident', enrolled_on: '2026-11-01', ended_on: null }],
    });
    expect(status(ok)).toBe('ok');
    const none = evaluate('occupational-accident-insurance', { roster: { starts_on: '2026-11-15' } });
    expect(none).toMatchObject({ state: 'missing', reason_key: 'compliance.reason.missing_before_work' });
  });

  it('migrant-permit: ends 2027-01-15 → due within 60 days; ends 2026-11-30 → overdue', () => {
    const permit = (ends_on: string) =>
      evaluate('migrant-permit', { staff: migrant, migrant_documents: [{ document: 'permit', starts_on: '2024-01-16', ends_on }] });
    const warned = permit('2027-01-15');
    expect(warned).toMatchObject({ state: 'dated', due_on: '2027-01-15', window_opens_on: '2026-11-16' });
    expect(status(warned)).toBe('due_60');
    const expired = permit('2026-11-30');
    expect(expired).toMatchObject({ reason_key: 'compliance.reason.expired', reason_params: { days_overdue: 1 } });
    expect(status(expired)).toBe('overdue');
    expect(evaluate('migrant-permit', { migrant_documents: [{ document: 'permit', starts_on: null, ends_on: '2026-11-30' }] })).toBeNull();
  });

  it('migrant-residence: valid, warned 60 days before its end', () => {
    const item = evaluate('migrant-residence', {
      staff: migrant,
      migrant_documents: [{ document: 'residence_permit', starts_on: null, ends_on: '2027-03-15' }],
    });
    expect(item).toMatchObject({ due_on: '2027-03-15', window_opens_on: '2027-01-14' });
    expect(status(item)).toBe('ok');
    expect(status(evaluate('migrant-residence', { staff: migrant }))).toBe('missing');
    const noEnd = evaluate('migrant-residence', {
      staff: migrant,
      migrant_documents: [{ document: 'residence_permit', starts_on: null, ends_on: null }],
    });
    expect(noEnd).toMatchObject({ state: 'cannot_tell', reason_key: 'compliance.reason.end_date_needed' });
  });

  it('migrant-passport: more than 6 months left (unconfirmed, switched off)', () => {
    const item = evaluate('migrant-passport', {
      staff: migrant,
      migrant_documents: [{ document: 'passport', starts_on: null, ends_on: '2027-04-01' }],
    });
    expect(item).toMatchObject({ due_on: '2026-10-01', reason_key: 'compliance.reason.remaining_months_short' });
    expect(status(item)).toBe('overdue');
    expect(effectiveRules(TAIWAN_PACK, []).find((r) => r.key === 'migrant-passport')?.enabled).toBe(false);
  });

  describe('migrant-health-6-18-30', () => {
    it('entry 2026-06-10, no check → due in the 6-month window 2026-11-10 … 2027-01-09, closing in 39 days', () => {
      const item = evaluate('migrant-health-6-18-30', { staff: { ...migrant, entered_taiwan_on: '2026-06-10' } });
      expect(item).toMatchObject({
        state: 'dated',
        window_opens_on: '2026-11-10',
        due_on: '2027-01-09',
        reason_key: 'compliance.reason.window_open',
        reason_params: { window_months: 6, opens_on: '2026-11-10', closes_on: '2027-01-09', days_left: 39 },
      });
      expect(status(item)).toBe('due_60');
    });

    it('entry 2025-04-15, no 18-month check (window 2026-09-15 … 2026-11-14) → overdue', () => {
      const item = evaluate('migrant-health-6-18-30', {
        staff: { ...migrant, entered_taiwan_on: '2025-04-15' },
        health_checks: [{ check_kind: 'migrant', checked_on: '2025-10-20' }],
      });
      expect(item).toMatchObject({
        window_opens_on: '2026-09-15',
        due_on: '2026-11-14',
        reason_key: 'compliance.reason.window_missed',
        reason_params: { window_months: 18 },
      });
      expect(status(item)).toBe('overdue');
    });

    it('a check in the window moves on to the next window; none without a date of entry', () => {
      const item = evaluate('migrant-health-6-18-30', {
        staff: { ...migrant, entered_taiwan_on: '2026-06-10' },
        health_checks: [{ check_kind: 'migrant', checked_on: '2026-11-25' }],
      });
      expect(item).toMatchObject({ window_opens_on: '2027-11-10', due_on: '2028-01-09', reason_key: 'compliance.reason.window_upcoming' });
      expect(status(item)).toBe('ok');
      expect(evaluate('migrant-health-6-18-30', { staff: { ...migrant, entered_taiwan_on: null } })).toMatchObject({
        state: 'cannot_tell',
      });
    });
  });

  it('site-entry-control: about the site, not its workers (unconfirmed against the official text)', () => {
    expect(rule('site-entry-control')).toMatchObject({ per_worker: false, timing: { kind: 'informational', topic: 'site_entry_control' } });
    expect(evaluate('site-entry-control', {})).toBeNull();
  });
});

describe('an organization’s settings over the pack', () => {
  const packKeys = new Set(TAIWAN_PACK.rules.map((r) => r.key));
  const setting = (input: unknown) => ruleSetting.parse(input);
  const errorsOf = (s: RuleSetting) =>
    ruleSettingErrors(
      TAIWAN_PACK.rules.find((r) => r.key === s.rule_key),
      s,
      packKeys,
    );
  const osh = {
    roster: { site_role: 'osh_staff' },
    trainings: [{ course_kind: 'in_service' as const, subject: null, hours: 12, completed_on: '2025-06-01' }],
  };

  it('switches the confirmed rules on and the unconfirmed ones off by default', () => {
    const off = effectiveRules(TAIWAN_PACK, [])
      .filter((r) => !r.enabled)
      .map((r) => r.key);
    expect(off).toEqual(['engineer-refresher', 'periodic-health', 'migrant-passport', 'site-entry-control']);
  });

  it('accepts a stricter interval and evaluates with it', () => {
    const stricter = setting({ source: 'pack', rule_key: 'training-osh-staff', enabled: true, overrides: { months: 12 } });
    expect(errorsOf(stricter)).toEqual([]);
    const effective = effectiveRules(TAIWAN_PACK, [stricter]);
    const items = evaluateWorker(effective, worker(osh), TODAY);
    expect(items.find((i) => i.rule_key === 'training-osh-staff')).toMatchObject({ due_on: '2026-06-01' });
    expect(effective.find((r) => r.key === 'training-osh-staff')).toMatchObject({ overridden: true });
  });

  it('accepts a stricter by-age table and a longer warning', () => {
    const byAge = setting({
      source: 'pack',
      rule_key: 'periodic-health',
      enabled: true,
      reason: '公司已確認條號',
      overrides: {
        by_age: [
          { age_min: 50, age_max: null, months: 12 },
          { age_min: null, age_max: 49, months: 24 },
        ],
      },
    });
    expect(errorsOf(byAge)).toEqual([]);
    const warn = setting({ source: 'pack', rule_key: 'migrant-permit', enabled: true, overrides: { warn_days: 90 } });
    expect(errorsOf(warn)).toEqual([]);
    const effective = effectiveRules(TAIWAN_PACK, [byAge, warn]);
    const facts = worker({
      staff: { ...migrant, birthday: '1980-05-10' },
      health_checks: [{ check_kind: 'general', checked_on: '2026-01-15' }],
      migrant_documents: [{ document: 'permit', starts_on: null, ends_on: '2027-01-15' }],
    });
    const items = evaluateWorker(effective, facts, TODAY);
    expect(items.find((i) => i.rule_key === 'periodic-health')).toMatchObject({
      due_on: '2028-01-15',
      reason_params: { age: 47, months: 24 },
    });
    expect(items.find((i) => i.rule_key === 'migrant-permit')).toMatchObject({ window_opens_on: '2026-10-17' });
  });

  it('refuses a laxer setting with a clear key', () => {
    const laxer = setting({ source: 'pack', rule_key: 'training-osh-staff', enabled: true, overrides: { months: 36 } });
    expect(errorsOf(laxer)).toEqual([{ path: 'overrides.months', key: RULE_KEYS.notStricter }]);
    const missingBand = setting({
      source: 'pack',
      rule_key: 'periodic-health',
      enabled: true,
      overrides: { by_age: [{ age_min: 40, age_max: null, months: 12 }] },
    });
    expect(errorsOf(missingBand)).toEqual([{ path: 'overrides.by_age', key: RULE_KEYS.notStricter }]);
    const shorterWarning = setting({ source: 'pack', rule_key: 'migrant-permit', enabled: true, overrides: { warn_days: 30 } });
    expect(errorsOf(shorterWarning)).toEqual([{ path: 'overrides.warn_days', key: RULE_KEYS.warningNotLonger }]);
    const notApplicable = setting({ source: 'pack', rule_key: 'labour-insurance', enabled: true, overrides: { months: 1 } });
    expect(errorsOf(notApplicable)).toEqual([{ path: 'overrides.months', key: RULE_KEYS.overrideNotApplicable }]);
    const unknown = setting({ source: 'pack', rule_key: 'no-such-rule', enabled: true });
    expect(errorsOf(unknown)).toEqual([{ path: 'rule_key', key: RULE_KEYS.unknownRule }]);
    // A laxer setting stored anyway (or overtaken by a stricter pack) is not applied.
    const items = evaluateWorker(effectiveRules(TAIWAN_PACK, [laxer]), worker(osh), TODAY);
    expect(items.find((i) => i.rule_key === 'training-osh-staff')).toMatchObject({ due_on: '2027-06-01' });
  });

  it('reads back the settings it stores as compliance_rules rows', () => {
    const stricter = setting({ source: 'pack', rule_key: 'training-osh-staff', enabled: true, overrides: { months: 12 } });
    const row = ruleSettingRow(stricter);
    expect(row).toEqual({ rule_key: 'training-osh-staff', source: 'pack', enabled: 1, reason: null, definition: '{"months":12}' });
    expect(ruleSettingOfRow(row)).toEqual(stricter);
    expect(ruleSettingOfRow({ ...row, definition: '{not json' })).toBeNull();
    expect(ruleSettingOfRow({ ...row, definition: '{"months":0}' })).toBeNull();
  });

  it('switches a rule off only with a reason, and then gives no item', () => {
    const noReason = ruleSetting.safeParse({ source: 'pack', rule_key: 'general-training', enabled: false });
    expect(noReason.success).toBe(false);
    expect(noReason.error?.issues).toEqual([expect.objectContaining({ path: ['reason'], message: RULE_KEYS.reasonRequired })]);
    const off = setting({ source: 'pack', rule_key: 'general-training', enabled: false, reason: '本工地由業主統一辦理' });
    const effective = effectiveRules(TAIWAN_PACK, [off]);
    expect(effective.find((r) => r.key === 'general-training')).toMatchObject({ enabled: false, reason: '本工地由業主統一辦理' });
    const items = evaluateWorker(effective, worker(), TODAY);
    expect(items.map((i) => i.rule_key)).not.toContain('general-training');
    expect(evaluateWorker(effectiveRules(TAIWAN_PACK, []), worker(), TODAY).map((i) => i.rule_key)).toContain('general-training');
  });

  it('adds a custom rule of the same schema, and refuses one that takes a pack rule’s key', () => {
    const definition = {
      key: 'custom-harness-check',
      version: 1,
      source: 'custom',
      title: { 'zh-TW': '安全帶檢點訓練', 'en-US': 'Harness check training' },
      requires: { 'zh-TW': '高處作業人員每年完成安全帶檢點訓練', 'en-US': 'Workers at height take harness check training every year' },
      citation: { text: { 'zh-TW': '公司內規', 'en-US': 'Company rule' }, laws: [{ law: '公司內規', article: null }] },
      applies: { work_kinds: ['high_place'] },
      requirement: { kind: 'training', course_kinds: ['other'], subject: '安全帶' },
      timing: { kind: 'every', months: 12 },
    };
    const custom = setting({ source: 'custom', rule_key: 'custom-harness-check', enabled: true, definition });
    expect(errorsOf(custom)).toEqual([]);
    const effective = effectiveRules(TAIWAN_PACK, [custom]);
    expect(effective.at(-1)).toMatchObject({ key: 'custom-harness-check', source: 'custom', enabled: true });
    const facts = worker({
      roster: { work_kinds: ['high_place'] },
      trainings: [{ course_kind: 'other', subject: '安全帶檢點', hours: 1, completed_on: '2026-02-01' }],
    });
    expect(evaluateWorker(effective, facts, TODAY).find((i) => i.rule_key === 'custom-harness-check')).toMatchObject({
      due_on: '2027-02-01',
    });

    const taken = setting({
      source: 'custom',
      rule_key: 'general-training',
      enabled: true,
      definition: { ...definition, key: 'general-training' },
    });
    expect(errorsOf(taken)).toEqual([{ path: 'rule_key', key: RULE_KEYS.keyTaken }]);
    expect(effectiveRules(TAIWAN_PACK, [taken]).filter((r) => r.key === 'general-training')).toHaveLength(1);
    const mismatched = ruleSetting.safeParse({
      source: 'custom',
      rule_key: 'custom-x',
      enabled: true,
      definition: { ...definition, key: 'custom-x', timing: { kind: 'within_days_of_departure', days: 15 } },
    });
    expect(mismatched.error?.issues.map((i) => i.message)).toContain(RULE_KEYS.timingMismatch);
  });
});

describe('reasons in words', () => {
  it('has both languages for every reason the engine gives, with their placeholders', () => {
    for (const [key, words] of Object.entries(REASONS)) {
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(words['zh-TW']), key).toEqual(names(words['en-US']));
    }
    const item = evaluate('migrant-health-6-18-30', { staff: { ...migrant, entered_taiwan_on: '2026-06-10' } })!;
    expect(reasonText(item.reason_key, item.reason_params, 'zh-TW', (d) => d.replaceAll('-', '/'))).toBe(
      '入境滿 6 個月健檢期間 2026/11/10 至 2027/01/09，尚未檢查（39 天後截止）',
    );
  });
});
