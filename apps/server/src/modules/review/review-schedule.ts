import type { ReviewType } from '@bo/shared/schemas/review';
import type { PrincipalContexts } from '../../lib/context/request-context.ts';
import type { SystemPrincipal } from '../../lib/context/principals.ts';
import { tellAuthor } from './review-notify.ts';
import { currentVersion, scheduleGate, stateColumns } from './review-state.ts';
import { putState } from './review.repository.ts';

/**
 * Whether a scheduled record must wait for approval (page-schedule.ts). When it must, its author is
 * mailed why, once per version (review_states.waiting_notified_version), in a transaction of its own.
 */
export async function holdUnapproved(system: PrincipalContexts<SystemPrincipal>, type: ReviewType, id: number): Promise<boolean> {
  const gate = await scheduleGate(system.read().db, type, id);
  if (gate.ok) return false;
  const version = await currentVersion(system.read().db, type, id);
  const state = gate.state;
  if (state && state.waiting_notified_version !== version) {
    await system.inTransaction(async (ctx) => {
      await putState(ctx.trx, { ...stateColumns(state), waiting_notified_version: version });
      await tellAuthor(ctx, state.author_admin_id, { type, id, title: gate.title }, 'schedule_waiting', '排程發布');
    });
  }
  return true;
}
