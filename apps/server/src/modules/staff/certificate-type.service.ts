import type { z } from 'zod';
import type { CertificateType, certificateTypeInput } from '@bo/shared/schemas/staff';
import { conflict } from '../../lib/errors.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import {
  assertCertificateTypeNameFree,
  certificateTypeInUse,
  certificateTypes,
  listCertificateTypes,
} from './certificate-type.repository.ts';

/** Offered to an organization that has not set up its own list yet. */
export const DEFAULT_CERTIFICATE_TYPES = [
  '職業安全衛生教育訓練',
  '急救人員',
  '固定式起重機操作人員',
  '移動式起重機操作人員',
  '高空工作車操作人員',
  '堆高機操作人員',
];

type Input = z.output<typeof certificateTypeInput>;
/** The index is the whole list with the defaults the organization may add. */
export interface CertificateTypeList {
  data: CertificateType[];
  defaults: string[];
}

export interface CertificateTypeService extends ResourceWrites<CertificateType, Input> {
  /** Adds the default types the organization does not have yet (each audited as created); answers the whole list. */
  addDefaults(): Promise<CertificateType[]>;
}

/** The editable list of certificate types of an organization (occupational safety, first aid, crane operator, ...). */
export const certificateTypeReads = ({
  db,
  scope,
}: AdminReadContext): ResourceReads<CertificateType, Record<string, never>, CertificateTypeList> => ({
  list: async () => ({ data: await listCertificateTypes(db, scope), defaults: DEFAULT_CERTIFICATE_TYPES }),
  find: (ids) => certificateTypes.find(db, scope, ids),
});

export function certificateTypeService(ctx: RequestContext): CertificateTypeService {
  const { db, scope } = ctx;
  const create = async (input: Input) => {
    await assertCertificateTypeNameFree(db, scope, input.name);
    return certificateTypes.findOr404(db, scope, await certificateTypes.insert(db, scope, input));
  };
  return {
    create,
    async update(before, input) {
      await assertCertificateTypeNameFree(db, scope, input.name, before.id);
      await certificateTypes.update(db, scope, before.id, input);
      return certificateTypes.findOr404(db, scope, before.id);
    },
    async remove(rows) {
      for (const r of rows) if (await certificateTypeInUse(db, scope, r.id)) throw conflict({ id: ['validate.error.in_use'] });
      await certificateTypes.remove(
        db,
        scope,
        rows.map((r) => r.id),
      );
    },
    async addDefaults() {
      const have = new Set((await listCertificateTypes(db, scope)).map((r) => r.name));
      for (const [sort, name] of DEFAULT_CERTIFICATE_TYPES.entries()) {
        if (have.has(name)) continue;
        const after = await create({ name, sort });
        await ctx.audit({ action: 'create', target_type: 'certificate_type', target_id: after.id, after });
      }
      return listCertificateTypes(db, scope);
    },
  };
}
