import type { OtpRecord } from '@bo/shared/schemas/otp';
import type { otpListQuery } from '@bo/shared/schemas/otp';
import type { z } from 'zod';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { otpRecords, whereState } from './otp.repository.ts';

type Query = z.output<typeof otpListQuery>;

/** OTP records: listed and deleted by the super admin; codes are made only by the sign-in and verify-identity calls. */
export const otpReads = ({ db, scope }: AdminReadContext): ResourceReads<OtpRecord, Query> => ({
  list: (query) =>
    otpRecords.list(db, scope, query, (qb) => {
      let q = qb;
      if (query.purpose) q = q.where('c.purpose', '=', query.purpose);
      if (query.state) q = whereState(q, query.state, new Date().toISOString());
      return q;
    }),
  find: (ids) => otpRecords.find(db, scope, ids),
});

export function otpService({ db, scope }: RequestContext): ResourceWrites<OtpRecord, never> {
  return {
    async remove(rows) {
      await otpRecords.remove(
        db,
        scope,
        rows.map((r) => r.id),
      );
    },
  };
}
