/**
 * Month arithmetic on Taipei days (YYYY-MM-DD) for the rule engine: packages/shared/src/dates.ts moves by
 * days only. A day past the end of the target month falls on its last day (2024-02-29 + 12 months is 2025-02-28).
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The day a person born on `birthday` turns `years` (born 29 February: the 28th in a year without it). */
export const dayOfAge = (birthday: string, years: number): string => addMonths(birthday, years * 12);

/** Age in whole years on `day`, counted as `dayOfAge` counts it. */
export function ageOn(birthday: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthday.slice(0, 4));
  return dayOfAge(birthday, years) <= day ? years : years - 1;
}
