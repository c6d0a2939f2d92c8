import { addDays, instantRange } from '@bo/shared/dates';
import type { AuditChainCheck, AuditChainStatus } from '@bo/shared/schemas/audit-log';
import type { DbOrTrx } from '../../db/database.ts';
import type { ReadContext, WriteContext } from '../../lib/kit/request-context.ts';
import {
  anchorOf,
  chainHead,
  countEntriesThrough,
  insertAnchor,
  insertChainCheck,
  lastEntryBefore,
  latestAnchor,
  latestChainCheck,
} from './audit-chain.repository.ts';
import { verifyAuditChain, type ChainRange } from './audit-chain-verify.ts';
import { GENESIS_HASH } from '../../db/audit-chain-hash.ts';
import { conflict } from '../../lib/errors.ts';
import type { SingleFlight } from '../../lib/single-flight.ts';
import { MESSAGES } from '@bo/shared/messages';

/** The chain's head, its latest check and its latest anchor, for the audit log screen. */
export async function auditChainStatus(ctx: ReadContext): Promise<AuditChainStatus> {
  const [head, check, anchor] = await Promise.all([chainHead(ctx.db), latestChainCheck(ctx.db), latestAnchor(ctx.db)]);
  return { head, last_check: check ?? null, last_anchor: anchor ?? null };
}

/**
 * Walks the chain (or the days of `range`) and records what it found, audited as `verify_chain` by the
 * context's principal: the audit log screen (an admin), the daily job (the system) or the CLI (the operator).
 * The walk reads outside the transaction; only its outcome is written in it.
 */
export async function checkAuditChain(
  read: DbOrTrx,
  inTransaction: <T>(fn: (ctx: WriteContext) => Promise<T>) => Promise<T>,
  checkedBy: string,
  range: ChainRange = {},
): Promise<AuditChainCheck> {
  const { entries, broken } = await verifyAuditChain(read, range);
  const check: AuditChainCheck = {
    checked_at: new Date().toISOString(),
    checked_by: checkedBy,
    from_day: range.fromDay ?? null,
    to_day: range.toDay ?? null,
    entries,
    status: broken ? 'broken' : 'ok',
    broken_id: broken?.id ?? null,
    broken_created_at: broken?.created_at ?? null,
    problem: broken?.problem ?? null,
  };
  await inTransaction(async (ctx) => {
    await insertChainCheck(ctx.trx, check);
    await ctx.audit({ action: 'verify_chain', target_type: 'audit_log', target_id: null, after: { ...check } });
  });
  return check;
}

const VERIFY_FLIGHT = 'audit_chain_verify';

/**
 * `checkAuditChain`, at most one at a time in this process (the screen and the daily job): a caller
 * asking for the same days while a walk runs gets its outcome (one walk, one recorded check); one asking
 * for other days gets 409.
 */
export function checkAuditChainOnce(
  flight: SingleFlight,
  ...[read, inTransaction, checkedBy, range = {}]: Parameters<typeof checkAuditChain>
): Promise<AuditChainCheck> {
  const ask = JSON.stringify([range.fromDay ?? null, range.toDay ?? null]);
  const run = flight.run(VERIFY_FLIGHT, ask, () => checkAuditChain(read, inTransaction, checkedBy, range));
  if (!run) throw conflict(undefined, MESSAGES.auditVerifyRunning);
  return run;
}

export interface DayAnchor {
  day: string;
  last_id: number | null;
  head_hash: string;
  entries: number;
  /** false: the day had been anchored before; this is that anchor. */
  recorded: boolean;
}

/**
 * Records the head of the chain at the end of Taipei day `day` (the last entry written before the next
 * day began), once; the same anchor is answered afterwards. Audited as `anchor_chain`; `mailTo` is sent
 * the anchor (template audit_anchor) in the same transaction.
 */
export async function anchorAuditDay(ctx: WriteContext, day: string, mailTo: string | null): Promise<DayAnchor> {
  const kept = await anchorOf(ctx.trx, day);
  if (kept) return { ...kept, recorded: false };
  const { toExclusive } = instantRange(undefined, day);
  const last = await lastEntryBefore(ctx.trx, toExclusive as string);
  const anchor = {
    day,
    last_id: last?.id ?? null,
    head_hash: last?.hash ?? GENESIS_HASH,
    entries: last ? await countEntriesThrough(ctx.trx, last.id) : 0,
    created_at: new Date().toISOString(),
  };
  const recorded = await insertAnchor(ctx.trx, anchor);
  if (recorded) {
    await ctx.audit({ action: 'anchor_chain', target_type: 'audit_log', target_id: null, after: { ...anchor } });
    if (mailTo) {
      await ctx.sendMail({
        to: mailTo,
        template: 'audit_anchor',
        locale: 'zh-TW',
        variables: { day, hash: anchor.head_hash, lastId: anchor.last_id ?? 0, entries: anchor.entries },
      });
    }
  }
  return { day, last_id: anchor.last_id, head_hash: anchor.head_hash, entries: anchor.entries, recorded };
}

/** The Taipei day before `day`. */
export const dayBefore = (day: string): string => addDays(day, -1);
