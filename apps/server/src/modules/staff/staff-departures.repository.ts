import { todayInTaipei } from '@bo/shared/dates';
import type { Trx } from '../../db/database.ts';
import { whereInScope, type Scope } from '../../lib/context/scope.ts';

const CHUNK = 500;

/**
 * Keeps `left_on` (issue 37, retention counts from it) in step with the status after a write: the
 * Taipei day a staff became `left`, kept while they stay left, cleared when they come back.
 */
export async function recordDepartures(db: Trx, scope: Scope, ids: readonly number[], today = todayInTaipei()) {
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    await whereInScope(db.updateTable('staff').set({ left_on: today }), 'organization_id', scope)
      .where('id', 'in', chunk)
      .where('status', '=', 'left')
      .where('left_on', 'is', null)
      .execute();
    await whereInScope(db.updateTable('staff').set({ left_on: null }), 'organization_id', scope)
      .where('id', 'in', chunk)
      .where('status', '<>', 'left')
      .where('left_on', 'is not', null)
      .execute();
  }
}
