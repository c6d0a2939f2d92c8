import type { ReviewType } from '@bo/shared/schemas/review';
import type { PrincipalContexts } from '../../lib/context/request-context.ts';
import type { SystemPrincipal } from '../../lib/context/principals.ts';
import { tellAuthor } from './review-notify.ts';
import { currentVersion, scheduleGate, stateColumns } from './review-state.ts';
import { putState } from './review.repository.ts';
import { recordVersion } from '../../lib/context/record-versions.ts';

/**
 * Whether a scheduled record must wait for approval (page-schedule.ts). When it must, its author is
 * mailed why, once per version (review_states.waiting_notified_version), in a transaction of its own.
 */
export async function holdUnapproved(system: PrincipalContexts<SystemPrincipal>, type: ReviewType, id: number): Promise<boolean> {
  const gate = await scheduleGate(system.read().db, type, id);
  if (gate.ok) return false;
  const db = system.read().db;
  const version = await currentVersion(db, type, id);
  // Scheduled before the workflow went on: nobody has sent it to review yet; its last editor is its author.
  const state = gate.state
    ? stateColumns(gate.state)
    : {
        target_type: type,
        target_id: id,
        stage: 'draft',
        version,
        author_admin_id: (await recordVersion(db, type, id)).changed_by?.id ?? null,
        approved_by: null,
        approved_at: null,
        approved_hash: null,
        waiting_notified_version: null,
        updated_at: new Date().toISOString(),
      };
  if (state.waiting_notified_version !== version) {
    await system.inTransaction(async (ctx) => {
      await putState(ctx.trx, { ...state, waiting_notified_version: version });
      await tellAuthor(ctx, state.author_admin_id, { type, id, title: gate.title }, 'schedule_waiting', '排程發布');
    });
  }
  return true;
}
