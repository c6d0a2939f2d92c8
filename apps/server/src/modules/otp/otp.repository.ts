import type { OtpRecord } from '@bo/shared/schemas/otp';
import { CODE_RULES, codeState } from '../../lib/identity/one-time-codes.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';

type Row = {
  id: number;
  email: string;
  admin_id: number | null;
  admin_name: string | null;
  purpose: OtpRecord['purpose'];
  tries: number;
  ip: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  retired_at: string | null;
};

/** Mailed one-time codes (lib/identity/one-time-codes.ts), read for the records screen; they belong to no organization. */
export const otpRecords = scopedTable<OtpRecord, Row>({
  table: 'one_time_codes',
  alias: 'c',
  organizationColumn: null,
  select: (db) =>
    db
      .selectFrom('one_time_codes as c')
      .leftJoin('admins as a', 'a.id', 'c.admin_id')
      .select([
        'c.id',
        'c.email',
        'c.admin_id',
        'a.name as admin_name',
        'c.purpose',
        'c.tries',
        'c.ip',
        'c.created_at',
        'c.expires_at',
        'c.used_at',
        'c.retired_at',
      ]),
  toView: (rows) => {
    const now = new Date().toISOString();
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      admin: r.admin_id === null ? null : { id: r.admin_id, name: r.admin_name ?? '' },
      purpose: r.purpose,
      state: codeState(r, now),
      tries: Number(r.tries),
      ip: r.ip,
      created_at: r.created_at,
      expires_at: r.expires_at,
      used_at: r.used_at,
    }));
  },
  sortColumns: { created_at: 'c.created_at', id: 'c.id', email: 'c.email', expires_at: 'c.expires_at' },
  keywordColumns: ['c.email'],
});

/** The state filter in SQL, matching codeState. */
export function whereState(qb: any, state: OtpRecord['state'], now: string) {
  if (state === 'used') return qb.where('c.used_at', 'is not', null);
  const live = (eb: any) =>
    eb.and([
      eb('c.used_at', 'is', null),
      eb('c.retired_at', 'is', null),
      eb('c.expires_at', '>', now),
      eb('c.tries', '<', CODE_RULES.maxTries),
    ]);
  if (state === 'open') return qb.where(live);
  return qb.where('c.used_at', 'is', null).where((eb: any) => eb.not(live(eb)));
}
