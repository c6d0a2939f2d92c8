import type { ReasonParams } from '@bo/shared/compliance/reasons';
import type { AgeBand, Rule, RuleTiming } from '@bo/shared/compliance/rules';
import { type DueState, type InsuranceScheme, isMigrant } from '@bo/shared/compliance/vocabulary';
import { addDays, daysBetween } from '@bo/shared/dates';
import { addMonths, ageOn, dayOfAge } from './calendar.ts';
import { earliest, evidenceDone, evidenceEnds, latest } from './evaluate-evidence.ts';
import { type Finding, finding } from './evaluate-finding.ts';
import type { WorkerFacts } from './worker-facts.ts';

type Timing<K extends RuleTiming['kind']> = Extract<RuleTiming, { kind: K }>;

/** What a rule's timing says of a worker the rule applies to (null: nothing to say, e.g. no departure yet). */
export function evaluateTiming(rule: Rule, facts: WorkerFacts, today: string): Finding | null {
  const t = rule.timing;
  switch (t.kind) {
    case 'before_work':
      return rule.requirement.kind === 'insurance' ? insuredBeforeWork(rule, facts, today) : beforeWork(rule, t, facts, today);
    case 'every':
      return every(rule, t, facts, today);
    case 'valid_until':
      return validUntil(rule, t, facts, today);
    case 'windows_after_entry':
      return windowsAfterEntry(rule, t, facts, today);
    case 'within_days_of_departure':
      return departureReport(t, facts, today);
    case 'informational':
      return null;
  }
}

/** Nothing recorded before a deadline: due on it while it is ahead, missing once it has come. */
const notYet = (deadline: string, today: string): Finding =>
  deadline > today
    ? finding('dated', 'compliance.reason.needed_before_work', { starts_on: deadline, days_left: daysBetween(today, deadline) }, deadline)
    : finding('missing', 'compliance.reason.missing_before_work', { starts_on: deadline });

function beforeWork(rule: Rule, t: Timing<'before_work'>, facts: WorkerFacts, today: string): Finding {
  const start = t.anchor === 'hire_date' ? (facts.staff.hire_date ?? facts.roster.starts_on) : facts.roster.starts_on;
  const evidence = evidenceDone(rule.requirement, facts);
  const before = latest(evidence.map((e) => e.on).filter((d) => d !== null && d <= start));
  if (before) return finding('satisfied', 'compliance.reason.done_before_work', { done_on: before, starts_on: start });
  const after = earliest(evidence.map((e) => e.on));
  if (after) return finding('failed', 'compliance.reason.late_for_work', { done_on: after, starts_on: start });
  if (evidence.length > 0) return finding('cannot_tell', 'compliance.reason.date_needed');
  return notYet(start, today);
}

const STATE_ORDER: DueState[] = ['failed', 'missing', 'cannot_tell', 'dated', 'satisfied'];

/** Insured on the first day on site in every scheme the rule names, and still insured. The worst scheme speaks. */
function insuredBeforeWork(rule: Rule, facts: WorkerFacts, today: string): Finding {
  const req = rule.requirement;
  if (req.kind !== 'insurance') throw new Error('insuredBeforeWork needs an insurance requirement');
  const schemes = isMigrant(facts.staff.nationality) ? (req.migrant_schemes ?? req.schemes) : req.schemes;
  const start = facts.roster.starts_on;
  const onSiteUntil = facts.roster.ends_on !== null && facts.roster.ends_on < today ? facts.roster.ends_on : today;
  const one = (scheme: InsuranceScheme): Finding => {
    const rows = facts.insurances.filter((i) => i.scheme === scheme);
    const covering = rows.filter((i) => i.enrolled_on <= start && (i.ended_on === null || i.ended_on >= start));
    if (covering.length === 0) {
      const later = earliest(rows.filter((i) => i.enrolled_on > start).map((i) => i.enrolled_on));
      if (later) return finding('failed', 'compliance.reason.insured_late', { done_on: later, starts_on: start });
      return notYet(start, today);
    }
    const last = rows.reduce((a, b) => (b.enrolled_on > a.enrolled_on ? b : a));
    if (last.ended_on !== null && last.ended_on < onSiteUntil)
      return finding('failed', 'compliance.reason.insurance_ended', { ended_on: last.ended_on });
    const from = earliest(covering.map((i) => i.enrolled_on))!;
    return finding('satisfied', 'compliance.reason.insured_before_work', { done_on: from, starts_on: start });
  };
  const found = schemes.map(one);
  return found.reduce((worst, f) => (STATE_ORDER.indexOf(f.state) < STATE_ORDER.indexOf(worst.state) ? f : worst));
}

/**
 * The due date of a by-age interval: ages are on the due date, so a band counts from the later of
 * `last + months` and the day the worker reaches the band, and only while they are still in it on that day.
 */
export function dueByAge(
  bands: readonly AgeBand[],
  birthday: string,
  last: string,
): { due_on: string; months: number; age: number } | null {
  let best: { due_on: string; months: number; age: number } | null = null;
  for (const band of bands) {
    const interval = addMonths(last, band.months);
    const reached = dayOfAge(birthday, band.age_min ?? 0);
    const due = latest([interval, reached])!;
    const age = ageOn(birthday, due);
    if (band.age_max !== null && age > band.age_max) continue;
    if (!best || due < best.due_on) best = { due_on: due, months: band.months, age };
  }
  return best;
}

function every(rule: Rule, t: Timing<'every'>, facts: WorkerFacts, today: string): Finding {
  const evidence = evidenceDone(rule.requirement, facts);
  const last = latest(evidence.map((e) => e.on));
  if (!last)
    return evidence.length > 0
      ? finding('cannot_tell', 'compliance.reason.date_needed')
      : finding('missing', 'compliance.reason.not_recorded');
  if (t.by_age) {
    const birthday = facts.staff.birthday;
    if (!birthday)
      return finding(
        'cannot_tell',
        rule.requirement.kind === 'health_check'
          ? 'compliance.reason.birthday_needed_health_interval'
          : 'compliance.reason.birthday_needed_interval',
      );
    const due = dueByAge(t.by_age, birthday, last);
    if (!due) return finding('cannot_tell', 'compliance.reason.birthday_needed_interval');
    const overdue = due.due_on < today;
    return finding(
      'dated',
      overdue ? 'compliance.reason.next_due_by_age_overdue' : 'compliance.reason.next_due_by_age',
      { last_on: last, due_on: due.due_on, months: due.months, age: due.age, ...daysParam(due.due_on, today) },
      due.due_on,
    );
  }
  const months = t.months!;
  const due = addMonths(last, months);
  return finding(
    'dated',
    due < today ? 'compliance.reason.next_due_overdue' : 'compliance.reason.next_due',
    { last_on: last, due_on: due, months, ...daysParam(due, today) },
    due,
  );
}

/** `days_left` until a due day, or `days_overdue` once it has passed. */
const daysParam = (due: string, today: string): ReasonParams =>
  due < today ? { days_overdue: daysBetween(due, today) } : { days_left: daysBetween(today, due) };

function validUntil(rule: Rule, t: Timing<'valid_until'>, facts: WorkerFacts, today: string): Finding {
  const ends = evidenceEnds(rule.requirement, facts);
  if (ends.length === 0) return finding('missing', 'compliance.reason.not_recorded');
  const end = latest(ends);
  if (!end) return finding('cannot_tell', 'compliance.reason.end_date_needed');
  const m = t.min_remaining_months;
  const due = m === null ? end : addMonths(end, -m);
  const opens = addDays(due, -t.warn_days);
  if (m === null)
    return due < today
      ? finding('dated', 'compliance.reason.expired', { ends_on: end, days_overdue: daysBetween(due, today) }, due, opens)
      : finding('dated', 'compliance.reason.valid_until', { ends_on: end, days_left: daysBetween(today, due) }, due, opens);
  return due < today
    ? finding('dated', 'compliance.reason.remaining_months_short', { ends_on: end, months: m, due_on: due }, due, opens)
    : finding(
        'dated',
        'compliance.reason.remaining_months',
        { ends_on: end, months: m, due_on: due, days_left: daysBetween(today, due) },
        due,
        opens,
      );
}

/**
 * Checks due in windows after the date of entry: the latest window that has opened speaks (done: the next
 * one is watched); a window missed in the past is history once a later one has opened.
 */
function windowsAfterEntry(rule: Rule, t: Timing<'windows_after_entry'>, facts: WorkerFacts, today: string): Finding {
  const entry = facts.staff.entered_taiwan_on;
  if (!entry) return finding('cannot_tell', 'compliance.reason.entry_date_needed');
  const checks = evidenceDone(rule.requirement, facts)
    .map((e) => e.on)
    .filter((d): d is string => d !== null);
  const windows = t.months.map((months) => {
    const centre = addMonths(entry, months);
    const opens_on = addDays(centre, -t.tolerance_days);
    const closes_on = addDays(centre, t.tolerance_days);
    return { months, opens_on, closes_on, done_on: latest(checks.filter((d) => d >= opens_on && d <= closes_on)) };
  });
  const upcoming = (w: (typeof windows)[number]) =>
    finding(
      'dated',
      'compliance.reason.window_upcoming',
      { window_months: w.months, opens_on: w.opens_on, closes_on: w.closes_on },
      w.closes_on,
      w.opens_on,
    );
  const opened = windows.filter((w) => w.opens_on <= today);
  const current = opened.at(-1);
  if (!current) return upcoming(windows[0]!);
  if (!current.done_on) {
    const params = { window_months: current.months, opens_on: current.opens_on, closes_on: current.closes_on };
    return current.closes_on < today
      ? finding('dated', 'compliance.reason.window_missed', params, current.closes_on, current.opens_on)
      : finding(
          'dated',
          'compliance.reason.window_open',
          { ...params, days_left: daysBetween(today, current.closes_on) },
          current.closes_on,
          current.opens_on,
        );
  }
  const next = windows[opened.length];
  return next ? upcoming(next) : finding('satisfied', 'compliance.reason.windows_done', { done_on: current.done_on });
}

function departureReport(t: Timing<'within_days_of_departure'>, facts: WorkerFacts, today: string): Finding | null {
  const left = facts.staff.left_on;
  if (!left) return null;
  const due = addDays(left, t.days);
  const reported = facts.staff.departure_reported_on;
  if (reported)
    return reported <= due
      ? finding('satisfied', 'compliance.reason.departure_reported', { reported_on: reported })
      : finding('failed', 'compliance.reason.departure_reported_late', { reported_on: reported, due_on: due });
  return finding(
    'dated',
    due < today ? 'compliance.reason.departure_report_overdue' : 'compliance.reason.departure_report_due',
    { left_on: left, due_on: due, ...daysParam(due, today) },
    due,
  );
}
