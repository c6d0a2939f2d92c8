import { describe, expect, it } from 'vitest';
import { endedBody, isCurrent, pickableCompany, siteRoleLabel, siteRoleOptions } from './site-roster-logic.ts';

const t = (key: string) => `«${key}»`;

describe('the roster screen', () => {
  it("shows usual site roles in the user's language and the company's own wording as typed", () => {
    expect(siteRoleLabel('site_director', t)).toBe('«roles.site_director»');
    expect(siteRoleLabel('臨時交管', t)).toBe('臨時交管');
  });

  it('offers the typed text as a role of its own, clipped to 50 characters, unless it is a usual role', () => {
    expect(siteRoleOptions(t, '')[0]).toEqual({ value: 'site_director', label: '«roles.site_director»' });
    expect(siteRoleOptions(t, ' 臨時交管 ')[0]).toEqual({ value: '臨時交管', label: '臨時交管' });
    expect(siteRoleOptions(t, 'worker')[0]!.value).toBe('site_director');
    expect(siteRoleOptions(t, '«roles.worker»').some((o) => o.value === '«roles.worker»')).toBe(false);
    expect(siteRoleOptions(t, 'x'.repeat(60))[0]!.value).toHaveLength(50);
  });

  it("lets only the organization's own staff and the site's subcontractors' workers be picked", () => {
    expect(pickableCompany({ contractor_id: null }, [])).toBe(true);
    expect(pickableCompany({ contractor_id: 3 }, [1, 3])).toBe(true);
    expect(pickableCompany({ contractor_id: 2 }, [1, 3])).toBe(false);
  });

  it('ends a stay today, never before its start', () => {
    const row = { site_role: 'worker', work_kinds: ['noise'], starts_on: '2026-03-01', ends_on: null };
    expect(endedBody(row, '2026-03-15')).toEqual({ ...row, ends_on: '2026-03-15' });
    expect(endedBody({ ...row, starts_on: '2026-04-01' }, '2026-03-15').ends_on).toBe('2026-04-01');
    expect(isCurrent({ ends_on: null }, '2026-03-15')).toBe(true);
    expect(isCurrent({ ends_on: '2026-03-15' }, '2026-03-15')).toBe(true);
    expect(isCurrent({ ends_on: '2026-03-14' }, '2026-03-15')).toBe(false);
  });
});
