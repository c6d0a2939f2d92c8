import { addDays } from '../dates.ts';

/**
 * The words of sites and the rule pack (issue 38, docs/compliance.md), shared by the server, the web
 * and the rule pack. Each list's labels live in the web's i18n (zh-TW first) under the same keys.
 */
export const SITE_STATUSES = ['planned', 'active', 'suspended', 'completed'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

/**
 * Site roles a roster row may name; the rule pack's `applies.site_roles` uses them. The company may type
 * another role (free text) on a roster row; rules match roles by these keys or by that exact text.
 */
export const SITE_ROLES = [
  'site_director', // 工地主任
  'osh_officer', // 職業安全衛生業務主管
  'osh_staff', // 職業安全衛生管理人員
  'registered_engineer', // 專任工程人員
  'supervisor_shoring', // 擋土支撐作業主管
  'supervisor_excavation', // 露天開挖作業主管
  'supervisor_formwork', // 模板支撐作業主管
  'supervisor_tunnel_excavation', // 隧道等挖掘作業主管
  'supervisor_tunnel_lining', // 隧道等襯砌作業主管
  'supervisor_scaffolding', // 施工架組配作業主管
  'supervisor_steel', // 鋼構組配作業主管
  'supervisor_roofing', // 屋頂作業主管
  'supervisor_other', // 其他營造作業主管 and §18 ¶1 items 4–6
  'operator', // 危險性機械或設備操作人員, 特殊作業人員, 急救人員 (§18 ¶1 items 7–13)
  'gate_keeper', // 門禁管制人員 (issue 39)
  'worker', // 一般作業人員
] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

/** Kinds of work a roster row may carry (特別危害健康作業 and others the rules ask about). */
export const WORK_KINDS = ['noise', 'dust', 'lead', 'organic_solvent', 'ionizing_radiation', 'high_place', 'confined_space'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

export const TRAINING_KINDS = ['general', 'in_service', 'supervisor', 'refresher', 'other'] as const;
export type TrainingKind = (typeof TRAINING_KINDS)[number];

export const HEALTH_CHECK_KINDS = ['pre_employment', 'general', 'special', 'migrant'] as const;
export type HealthCheckKind = (typeof HEALTH_CHECK_KINDS)[number];

export const INSURANCE_SCHEMES = ['labour', 'employment', 'occupational_accident'] as const;
export type InsuranceScheme = (typeof INSURANCE_SCHEMES)[number];

export const MIGRANT_DOCUMENTS = ['permit', 'residence_permit', 'passport'] as const;
export type MigrantDocument = (typeof MIGRANT_DOCUMENTS)[number];

/**
 * What the rule engine stores for one worker, one site, one rule (compliance_due_items.state):
 * - dated: the rule gives a due date (`due_on`); the status is read against today (dueStatus).
 * - satisfied: met with no date to watch (e.g. the general training was done before work).
 * - failed: broken for good on this roster row (e.g. insured only after the first day on site).
 * - missing: the evidence the rule asks for is not recorded.
 * - cannot_tell: a fact the rule needs is unknown (e.g. no birthday for the age band).
 */
export const DUE_STATES = ['dated', 'satisfied', 'failed', 'missing', 'cannot_tell'] as const;
export type DueState = (typeof DUE_STATES)[number];

/** What a user sees: a due item's status on a given day. */
export const DUE_STATUSES = ['overdue', 'missing', 'cannot_tell', 'due_30', 'due_60', 'due_90', 'ok'] as const;
export type DueStatus = (typeof DUE_STATUSES)[number];

/** Lead times of the due buckets, in days (a company's reminder lead times are chosen apart from these). */
export const DUE_BUCKETS = [30, 60, 90] as const;

/** A due item's status on `today` (a Taipei day): the one definition the dashboards' SQL mirrors (dueStatusSql). */
export function dueStatus(item: { state: DueState; due_on: string | null }, today: string): DueStatus {
  if (item.state === 'satisfied') return 'ok';
  if (item.state === 'failed') return 'overdue';
  if (item.state === 'missing' || item.state === 'cannot_tell') return item.state;
  if (!item.due_on) return 'cannot_tell';
  if (item.due_on < today) return 'overdue';
  for (const days of DUE_BUCKETS) if (item.due_on <= addDays(today, days)) return `due_${days}` as DueStatus;
  return 'ok';
}

export const isMigrant = (nationality: string | null | undefined): boolean => !!nationality && nationality.toUpperCase() !== 'TW';
