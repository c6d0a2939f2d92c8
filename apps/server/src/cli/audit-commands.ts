import { isRealDate } from '@bo/shared/dates';
import { checkAuditChain } from '../modules/audit-log/audit-chain.service.ts';
import { CliError, type CliContext } from './cli-context.ts';

/** Exit code of verify-audit when the chain is broken (1 is a usage or configuration error). */
export const CHAIN_BROKEN_EXIT = 3;

/**
 * verify-audit [--from DAY] [--to DAY]: walks the audit chain (docs/audit-log.md "Verifying"), prints
 * the first entry that does not hold with its id, time and problem, records the check, and answers 0
 * (intact) or 3 (broken).
 */
export async function verifyAudit(ctx: CliContext, o: { from?: string; to?: string }): Promise<number> {
  for (const d of [o.from, o.to]) if (d !== undefined && !isRealDate(d)) throw new CliError(`${d} is not a YYYY-MM-DD day`);
  if (o.from && o.to && o.from > o.to) throw new CliError('--from is after --to');
  const check = await checkAuditChain(ctx.read().db, (fn) => ctx.inTransaction(fn), 'cli', { fromDay: o.from, toDay: o.to });
  const range = o.from || o.to ? ` (${o.from ?? 'start'} to ${o.to ?? 'head'})` : '';
  if (check.status === 'ok') {
    ctx.print(`audit chain intact: ${check.entries} entries verified${range}`);
    return 0;
  }
  ctx.print(
    `audit chain BROKEN at entry ${check.broken_id ?? '?'}${check.broken_created_at ? ` (${check.broken_created_at})` : ''}: ` +
      `${check.problem}; ${check.entries} entries before it verified${range}`,
  );
  return CHAIN_BROKEN_EXIT;
}
