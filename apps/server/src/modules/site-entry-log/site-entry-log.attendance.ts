import { formatRocDate } from '@bo/shared/dates';
import { gateReasonText } from '@bo/shared/gate/reason-text';
import type { XlsxColumn } from '../../lib/xlsx-stream.ts';
import { parseReasons, type DayEntry, type WorkerOfSite } from './site-entry-log.repository.ts';

/**
 * The attendance workbook for the labour inspector (issue 39 point 4): one row per day and worker who
 * scanned at the site's gate that day, let in or not.
 */
export interface AttendanceRow {
  day: string;
  staff_id: number;
  name: string;
  company: string | null;
  job_title: string | null;
  site_role: string | null;
  /** Taipei clock times (HH:mm) of the first admitted `in` and the last admitted `out`; null when none. */
  first_in: string | null;
  last_out: string | null;
  /** Admitted scans (in and out). */
  entries: number;
  /** Whether the site director let them in after a refusal that day. */
  overridden: boolean;
  /** Scans refused and not let in. */
  refused: number;
  /** The refusals' blocking reasons in words, each once. */
  refused_reasons: string | null;
}

const TAIPEI_MS = 8 * 3600_000;

/** "07:42" for an instant, in Taipei; the text itself when it is not one. */
export const taipeiClock = (iso: string): string => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t + TAIPEI_MS).toISOString().slice(11, 16);
};

export const ATTENDANCE_COLUMNS: readonly XlsxColumn<AttendanceRow>[] = [
  { header: '日期 Day', width: 12, value: (r) => r.day },
  { header: '日期（民國）Day (ROC)', width: 14, value: (r) => formatRocDate(r.day) },
  { header: '人員 Staff', width: 16, value: (r) => r.name },
  { header: '公司 Company', width: 22, value: (r) => r.company },
  { header: '職稱 Job title', width: 14, value: (r) => r.job_title },
  { header: '工地角色 Site role', width: 14, value: (r) => r.site_role },
  { header: '首次進場 First in', width: 12, value: (r) => r.first_in },
  { header: '最後離場 Last out', width: 12, value: (r) => r.last_out },
  { header: '進出次數 Entries', width: 12, value: (r) => r.entries },
  { header: '主任放行 Overridden', width: 14, value: (r) => (r.overridden ? '是 Yes' : '否 No') },
  { header: '拒絕次數 Refused scans', width: 14, value: (r) => r.refused },
  { header: '拒絕原因 Refusal reasons', width: 40, value: (r) => r.refused_reasons },
];

/** One day's rows from its scans (in scan order), by worker name; scans that named no worker are left out. */
export function attendanceRows(day: string, scans: readonly DayEntry[], workers: ReadonlyMap<number, WorkerOfSite>): AttendanceRow[] {
  const rows = new Map<number, AttendanceRow & { reasons: Set<string> }>();
  for (const e of scans) {
    if (e.staff_id === null) continue;
    const w = workers.get(e.staff_id);
    if (!w) continue;
    let row = rows.get(e.staff_id);
    if (!row) {
      row = {
        day,
        staff_id: w.id,
        name: w.name,
        company: w.company_name,
        job_title: w.job_title,
        site_role: w.site_role,
        first_in: null,
        last_out: null,
        entries: 0,
        overridden: false,
        refused: 0,
        refused_reasons: null,
        reasons: new Set(),
      };
      rows.set(e.staff_id, row);
    }
    if (e.override_at !== null) row.overridden = true;
    if (e.admitted === 1) {
      row.entries++;
      const clock = taipeiClock(e.scanned_at);
      if (e.direction === 'in' && row.first_in === null) row.first_in = clock;
      if (e.direction === 'out') row.last_out = clock;
    } else {
      row.refused++;
      for (const r of parseReasons(e.reasons)) if (r.blocking) row.reasons.add(gateReasonText(r, 'zh-TW'));
    }
  }
  return [...rows.values()]
    .map(({ reasons, ...r }) => ({ ...r, refused_reasons: reasons.size ? [...reasons].join('、') : null }))
    .sort((a, b) => a.name.localeCompare(b.name, 'zh-Hant') || a.staff_id - b.staff_id);
}
