import { todayInTaipei } from '@bo/shared/dates';
import { isMaskedNationalId } from '@bo/shared/personal-data';
import type { CorrectableField, ErasureResponse } from '@bo/shared/schemas/personal-data';
import { RETENTION_RULES } from '@bo/shared/schemas/personal-data';
import { badRequest, notFound } from '../../lib/errors.ts';
import { loadAppConfig } from '../../lib/app-config.ts';
import type { OrganizationContext } from '../../lib/context/request-context.ts';
import { auditValues, openedValues } from '../../lib/personal-data/sealed-columns.ts';
import { writableKeyRing } from '../../lib/personal-data/vault.ts';
import { plainStaffValues } from '../staff/staff-fields.ts';
import { assertNationalIdFree, sealStaffFields } from '../staff/staff.repository.ts';
import { anonymiseStaff, clearStaffFields, setStaffFields, staffWithCertificates } from './personal-data.repository.ts';
import { IDENTIFYING_FIELDS, staffPersonalFields } from './personal-fields.ts';
import { addYears } from './retention.ts';

const ROSTER_CITATION = RETENTION_RULES.find((r) => r.id === 'departed-staff')!.citation;

/** A person's rights over their staff record (個資法 §3, §11): correction and erasure, each audited. */
export function personalRights(ctx: OrganizationContext) {
  const { trx, scope } = ctx;
  const load = async (id: number) => {
    const found = await staffWithCertificates(trx, scope, id);
    if (!found) throw notFound();
    return found.row;
  };

  return {
    /** Corrects the fields the person says are wrong; the reason is kept with the entry, identifiers masked there. */
    async correct(id: number, changes: Partial<Record<CorrectableField, unknown>>, reason: string) {
      const row = await load(id);
      const ring = await writableKeyRing(trx, ctx.config);
      const current: Record<string, unknown> = { ...row, ...openedValues(ring, 'staff', row) };
      if (typeof changes.national_id === 'string' && isMaskedNationalId(changes.national_id))
        throw badRequest({ national_id: ['validate.error.national_id_incorrect'] });
      const changed = (Object.keys(changes) as CorrectableField[]).filter((f) => (changes[f] ?? null) !== current[f]);
      if (changes.national_id) await assertNationalIdFree(trx, scope, ring, changes.national_id as string, id);
      if (changed.length) {
        const values = Object.fromEntries(changed.map((f) => [f, changes[f] ?? null]));
        await setStaffFields(trx, scope, id, plainStaffValues(values), new Date().toISOString());
        await sealStaffFields(trx, scope, ring, id, values);
        const before = Object.fromEntries(changed.map((f) => [f, current[f] ?? null]));
        await ctx.audit({
          action: 'correct',
          target_type: 'staff',
          target_id: id,
          before: { ...auditValues(ring, 'staff', before), reason },
          after: { ...auditValues(ring, 'staff', values), reason },
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
      const declared = staffPersonalFields();
      const fields = [
        ...declared.map((f) => ({ field: f.field, roster: f.roster, columns: f.columns, holds: f.holds })),
        ...IDENTIFYING_FIELDS.map((f) => ({ field: f.field, roster: f.roster, columns: [f.field], holds: f.field })),
      ];
      let answer: ErasureResponse;
      if (row.anonymised_at) answer = { staff_id: id, erased: [], kept: [], anonymised: true };
      else if (keptUntil && keptUntil < today) {
        ctx.dropAfterCommit(await anonymiseStaff(trx, [id], at));
        answer = { staff_id: id, erased: ['name', 'photo', ...fields.map((f) => f.field)], kept: [], anonymised: true };
      } else {
        const erasable = fields.filter((f) => !f.roster && row[f.holds] != null);
        const hasPhoto = !!(row.photo_key || row.photo_id);
        const columns = [...erasable.flatMap((f) => f.columns), ...(hasPhoto ? (['photo_key', 'photo_id'] as const) : [])];
        ctx.dropAfterCommit(await clearStaffFields(trx, scope, id, columns, at));
        answer = {
          staff_id: id,
          erased: [...erasable.map((f) => f.field), ...(hasPhoto ? ['photo'] : [])],
          kept: ['name', ...fields.filter((f) => f.roster).map((f) => f.field)].map((field) => ({
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
