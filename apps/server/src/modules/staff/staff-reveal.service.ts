import { REVEAL_SECONDS, type RevealReason, type RevealResponse, type RevealableStaffField } from '@bo/shared/schemas/personal-data-reveal';
import type { OrganizationContext } from '../../lib/context/request-context.ts';
import { requireRevealRight } from '../../lib/identity/reveal-right.ts';
import { decryptField } from '../../lib/personal-data/reveal-field.ts';
import { staffRows } from './staff.repository.ts';

export interface RevealRequest {
  field: RevealableStaffField;
  reason_code: RevealReason;
  reason_text?: string;
}

/**
 * Issue 37 item 4: one masked field of a staff member of the organization, in plain, for the reason
 * given. Needs the reveal right (role and fresh proof, else 403); another organization's staff is 404.
 * Every reveal is one `reveal` entry on the staff member (who, field, reason; the audit row holds when and
 * the client address), never the value, and no change of the record.
 */
export async function revealStaffField(ctx: OrganizationContext, id: number, req: RevealRequest): Promise<RevealResponse> {
  await requireRevealRight(ctx.db, ctx.principal);
  const row = await staffRows.findOr404(ctx.db, ctx.scope, id);
  const value = await decryptField(ctx, 'staff', req.field, id);
  await ctx.audit({
    action: 'reveal',
    target_type: 'staff',
    target_id: id,
    target_label: row.name,
    after: { field: req.field, reason_code: req.reason_code, ...(req.reason_text ? { reason_text: req.reason_text } : {}) },
  });
  return { value, expires_in: REVEAL_SECONDS };
}
