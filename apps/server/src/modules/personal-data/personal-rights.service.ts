import { todayInTaipei } from '@bo/shared/dates';
import { maskNationalId } from '@bo/shared/schemas/staff';
import type { CorrectableField, ErasureResponse } from '@bo/shared/schemas/personal-data';
import { RETENTION_RULES } from '@bo/shared/schemas/personal-data';
import { notFound } from '../../lib/errors.ts';
import { loadAppConfig } from '../../lib/app-config.ts';
import type { OrganizationContext } from '../../lib/context/request-context.ts';
import { assertNationalIdFree } from '../staff/staff.repository.ts';
import { anonymiseStaff, clearStaffFields, setStaffFields, staffWithCertificates } from './personal-data.repository.ts';
import { IDENTIFYING_FIELDS, personalFields } from './personal-fields.ts';
import { addYears } from './retention.ts';

const ROSTER_CITATION = RETENTION_RULES.find((r) => r.id === 'departed-staff')!.citation;
const HEALTH_COLUMNS = new Set<string>(
  personalFields()
    .filter((f) => f.category === 'health')
    .map((f) => f.column),
);

/** Values as an audit entry may keep them: identifiers masked, health values only as recorded. */
export function auditSafe(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      v == null ? v : k === 'national_id' ? maskNationalId(String(v)) : HEALTH_COLUMNS.has(k) ? '已記錄' : v,
    ]),
  );
}

/** A person's rights over their staff record (個資法 §3, §11): correction and erasure, each audited. */
export function personalRights(ctx: OrganizationContext) {
  const { trx, scope } = ctx;
  const load = async (id: number) => {
    const found = await staffWithCertificates(trx, scope, id);
    if (!found) throw notFound();
    return found.row;
  };

  return {
    /** Corrects the fields the person says are wrong; the reason is kept with the entry. */
    async correct(id: number, changes: Partial<Record<CorrectableField, unknown>>, reason: string) {
      const row = await load(id);
      const changed = (Object.keys(changes) as CorrectableField[]).filter((f) => (changes[f] ?? null) !== row[f]);
      if (changes.national_id) await assertNationalIdFree(trx, scope, changes.national_id as string, id);
      if (changed.length) {
        const values = Object.fromEntries(changed.map((f) => [f, changes[f] ?? null]));
        await setStaffFields(trx, scope, id, values, new Date().toISOString());
        await ctx.audit({
          action: 'correct',
          target_type: 'staff',
          target_id: id,
          before: { ...auditSafe(Object.fromEntries(changed.map((f) => [f, row[f]]))), reason },
          after: { ...auditSafe(values), reason },
        });
      }
      return { staff_id: id, changed };
    },

    /**
     * Erases what the law lets go of now. The worker roster's fields (勞動基準法 §7) stay while the
     * person works here and for the company's period after they left; everything else goes at once.
     * Past that period the whole record is anonymised, as the retention run would.
     */
    async erase(id: number, reason: string, today = todayInTaipei()): Promise<ErasureResponse> {
      const row = await load(id);
      const retention = (await loadAppConfig(trx)).personalDataRetention;
      const at = new Date().toISOString();
      const keptUntil = row.status === 'left' && row.left_on ? addYears(row.left_on, retention.departedStaffYears) : null;
      const fields = [...personalFields(), ...IDENTIFYING_FIELDS];
      let answer: ErasureResponse;
      if (row.anonymised_at) answer = { staff_id: id, erased: [], kept: [], anonymised: true };
      else if (keptUntil && keptUntil < today) {
        ctx.dropAfterCommit(await anonymiseStaff(trx, [id], at));
        answer = { staff_id: id, erased: ['name', 'photo', ...fields.map((f) => f.column)], kept: [], anonymised: true };
      } else {
        const erased = fields.filter((f) => !f.roster && row[f.column] != null).map((f) => f.column);
        const hasPhoto = !!(row.photo_key || row.photo_id);
        ctx.dropAfterCommit(
          await clearStaffFields(trx, scope, id, [...erased, ...(hasPhoto ? (['photo_key', 'photo_id'] as const) : [])], at),
        );
        answer = {
          staff_id: id,
          erased: [...erased, ...(hasPhoto ? ['photo'] : [])],
          kept: ['name', ...fields.filter((f) => f.roster).map((f) => f.column)].map((field) => ({
            field,
            until: keptUntil,
            citation: ROSTER_CITATION,
          })),
          anonymised: false,
        };
      }
      await ctx.audit({ action: 'erase_on_request', target_type: 'staff', target_id: id, after: { ...answer, reason } });
      return answer;
    },
  };
}
