import type { AdminReadContext } from '../../lib/context/request-context.ts';
import type { HistoryPart } from '../../lib/kit/record-history.ts';
import { EVIDENCE_DECLARATIONS } from './staff-evidence.kinds.ts';
import { evidenceIdsInAudit } from './staff-evidence.repository.ts';

/** A staff record's History lists its evidence's entries too (read only: each row is restored by editing it again). */
export async function staffEvidenceParts(ctx: AdminReadContext, staffId: number): Promise<HistoryPart[]> {
  const ids = await evidenceIdsInAudit(ctx.db, ctx.organizationId, staffId);
  return EVIDENCE_DECLARATIONS.map((k) => ({ targetType: k.target, ids: ids.get(k.target) ?? [] }));
}
