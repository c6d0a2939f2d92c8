import type { RowReference } from '../../lib/kit/row-references.ts';
import { keptScanOf } from './staff-evidence.service.ts';
import { evidenceFilesOfStaff } from './staff-evidence.repository.ts';

/**
 * Deleted staff let go of their evidence (the rows go with the staff row): the scans are kept for the
 * history's retention, as their certificates' scans are, and swept after.
 */
export const evidenceScansOfStaff: RowReference = {
  name: 'staff-evidence-scans',
  references: 'staff',
  uses: async () => [],
  async release(ctx, staffIds) {
    await ctx.keepRemovedFiles((await evidenceFilesOfStaff(ctx.db, staffIds)).map((r) => keptScanOf(r.table, r)));
  },
};
