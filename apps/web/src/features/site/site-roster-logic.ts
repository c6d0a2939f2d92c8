import { SITE_ROLES } from '@bo/shared/compliance/vocabulary';

/** Issue 38: the roster screen's rules, apart from its components (site-roster-logic.test.ts). */

const KNOWN = new Set<string>(SITE_ROLES);

/** A site role as shown: a SITE_ROLES key in the user's language, the company's own wording as typed. */
export function siteRoleLabel(role: string, t: (key: string) => string): string {
  return KNOWN.has(role) ? t(`roles.${role}`) : role;
}

/** The role select's options: the usual roles, and the typed text as its own option while it is no usual role. */
export function siteRoleOptions(t: (key: string) => string, typed: string): { value: string; label: string }[] {
  const usual = SITE_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }));
  const text = typed.trim().slice(0, 50);
  if (!text || KNOWN.has(text) || usual.some((o) => o.label === text)) return usual;
  return [{ value: text, label: text }, ...usual];
}

/** The staff list's company filter that lists who may be put on the site: the organization's own, or one of its subcontractors. */
export function pickableCompany(staff: { contractor_id: number | null }, siteContractorIds: readonly number[]): boolean {
  return staff.contractor_id === null || siteContractorIds.includes(staff.contractor_id);
}

/** A row ended today keeps its start; a start after today ends on that start (an end is never before the start). */
export function endedBody(
  row: { site_role: string; work_kinds: string[]; starts_on: string; ends_on: string | null },
  today: string,
): { site_role: string; work_kinds: string[]; starts_on: string; ends_on: string } {
  return {
    site_role: row.site_role,
    work_kinds: row.work_kinds,
    starts_on: row.starts_on,
    ends_on: row.starts_on > today ? row.starts_on : today,
  };
}

/** Whether a row is on site on `day` (no end, or an end on or after it). */
export const isCurrent = (row: { ends_on: string | null }, day: string): boolean => row.ends_on === null || row.ends_on >= day;
