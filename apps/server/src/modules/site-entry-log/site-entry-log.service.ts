import type { z } from 'zod';
import { addDays, daysBetween, todayInTaipei } from '@bo/shared/dates';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { ATTENDANCE_MAX_DAYS, type Entry, type OverrideFeedEntry, type entryListQuery, type onSiteSchema } from '@bo/shared/schemas/gate';
import { badRequest } from '../../lib/errors.ts';
import type { OrganizationReadContext } from '../../lib/context/request-context.ts';
import type { ListResult } from '../../lib/list.ts';
import { sites } from '../site/site.repository.ts';
import { attendanceRows, type AttendanceRow } from './site-entry-log.attendance.ts';
import { dayEntries, entries, entryFilter, overriddenFilter, workersOfSite } from './site-entry-log.repository.ts';

type EntryQuery = z.output<typeof entryListQuery>;
type OnSite = z.infer<typeof onSiteSchema>;

/** The checked range of an attendance workbook: `to` not before `from`, at most ATTENDANCE_MAX_DAYS days. */
export function attendanceRange(from: string, to: string): { from: string; to: string; days: number } {
  const days = daysBetween(from, to) + 1;
  if (days < 1) throw badRequest({ to: [VALIDATION_KEYS.endsBeforeStarts] });
  if (days > ATTENDANCE_MAX_DAYS) throw badRequest({ to: [VALIDATION_KEYS.invalid] });
  return { from, to, days };
}

/** The entry log of the context's organization; a site out of reach is 404. */
export function siteEntryLogReads(ctx: OrganizationReadContext) {
  const { db, scope, organizationId } = ctx;
  const site = (id: number) => sites.findOr404(db, scope, id);

  return {
    site,

    /** A site's entries, newest first by default, with the list's filters; `keyword` finds the worker's name. */
    async entries(siteId: number, query: EntryQuery): Promise<ListResult<Entry>> {
      await site(siteId);
      const page = await entries.list(db, scope, query, entryFilter(siteId, query));
      return { data: page.data.map(({ site_name: _, ...e }) => e), meta: page.meta };
    },

    /**
     * Who is on the site now: each worker whose latest admitted entry today (Taipei) is `in`, by when they went in;
     * and today's counts (scans; let in; still refused; let in by the site director).
     */
    async onSite(siteId: number): Promise<OnSite> {
      await site(siteId);
      const day = todayInTaipei();
      const scans = await dayEntries(db, organizationId, siteId, day);
      const latest = new Map<number, (typeof scans)[number]>();
      for (const e of scans) if (e.admitted === 1 && e.staff_id !== null) latest.set(e.staff_id, e);
      const inside = [...latest.values()].filter((e) => e.direction === 'in');
      const workers = await workersOfSite(
        db,
        organizationId,
        siteId,
        inside.map((e) => e.staff_id!),
        day,
      );
      const data = inside.flatMap((e) => {
        const w = workers.get(e.staff_id!);
        if (!w) return [];
        return [
          {
            staff_id: w.id,
            name: w.name,
            company_name: w.company_name,
            job_title: w.job_title,
            site_role: w.site_role,
            has_photo: w.has_photo,
            entered_at: e.scanned_at,
            entry_id: e.id,
          },
        ];
      });
      data.sort((a, b) => Date.parse(a.entered_at) - Date.parse(b.entered_at) || a.entry_id - b.entry_id);
      return {
        day,
        data,
        counts: {
          scans: scans.length,
          admitted: scans.filter((e) => e.admitted === 1).length,
          refused: scans.filter((e) => e.admitted !== 1).length,
          overridden: scans.filter((e) => e.override_at !== null).length,
        },
      };
    },

    /** The workbook's rows, a day at a time (each day's entries read once by the site_day index). */
    async *attendance(siteId: number, range: { from: string; to: string; days: number }): AsyncGenerator<AttendanceRow[]> {
      for (let i = 0; i < range.days; i++) {
        const day = addDays(range.from, i);
        const scans = await dayEntries(db, organizationId, siteId, day);
        if (!scans.length) continue;
        const workers = await workersOfSite(
          db,
          organizationId,
          siteId,
          scans.flatMap((e) => (e.staff_id === null ? [] : [e.staff_id])),
          day,
        );
        yield attendanceRows(day, scans, workers);
      }
    },

    /** The organization's latest overridden entries, newest override first, each with its site's name. */
    async overrides(limit: number): Promise<OverrideFeedEntry[]> {
      const page = await entries.list(db, scope, { page: 1, per_page: limit, sort: 'override_at', order: 'desc' }, overriddenFilter);
      return page.data;
    },
  };
}
