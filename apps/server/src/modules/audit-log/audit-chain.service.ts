import { addDays } from '@bo/shared/dates';
import type { AuditChainCheck, AuditChainStatus } from '@bo/shared/schemas/audit-log';
import type { ReadDb } from '../../db/database.ts';
import type { ReadContext, WriteContext } from '../../lib/context/request-context.ts';
import { activeSuperAdminEmails, chainHead, insertChainCheck, latestAnchor, latestChainCheck } from './audit-chain.repository.ts';
import { anchorDelivery } from './audit-chain-anchors.ts';
import { verifyAuditChain, type ChainRange } from './audit-chain-verify.ts';
import { conflict } from '../../lib/errors.ts';
import type { SingleFlight } from '../../lib/single-flight.ts';
import { MESSAGES } from '@bo/shared/messages';

/** The chain's head, its latest check and its latest anchor (where and when it left the server), for the audit log screen. */
export async function auditChainStatus(ctx: ReadContext): Promise<AuditChainStatus> {
  const [head, check, anchor] = await Promise.all([chainHead(ctx.db), latestChainCheck(ctx.db), latestAnchor(ctx.db)]);
  return {
    head,
    last_check: check ?? null,
    last_anchor: anchor
      ? {
          day: anchor.day,
          until: anchor.until,
          last_id: anchor.last_id,
          head_hash: anchor.head_hash,
          entries: anchor.entries,
          created_at: anchor.created_at,
          // When its mail was sent; null while it waits in the outbox, or when only the server log has it.
          left_at: anchor.mail_status === 'sent' ? anchor.sent_at : null,
          mailed: anchor.mail_id !== null,
        }
      : null,
    anchor_every: ctx.config.audit.anchorEvery,
    anchor_delivery: anchorDelivery(ctx.config),
  };
}

/**
 * Walks the chain (or the days of `range`) and records what it found, audited as `verify_chain` by the
 * context's principal: the audit log screen (an admin), the daily job (the system) or the CLI (the operator).
 * The walk reads outside the transaction; only its outcome is written in it.
 */
export async function checkAuditChain(
  read: ReadDb,
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
    if (check.status === 'broken') await alertSuperAdmins(ctx, check);
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

/**
 * A broken chain, found by any check, is mailed to every active super admin (the overview shows it too,
 * from the latest check). Once per break: a later check finding the same entry and problem mails no one.
 */
async function alertSuperAdmins(ctx: WriteContext, check: AuditChainCheck): Promise<void> {
  const before = await latestChainCheck(ctx.trx);
  if (before?.status === 'broken' && before.broken_id === check.broken_id && before.problem === check.problem) return;
  for (const to of await activeSuperAdminEmails(ctx.trx)) {
    await ctx.sendMail({
      to,
      template: 'audit_chain_broken',
      locale: 'zh-TW',
      variables: {
        entryId: check.broken_id ?? '—',
        problem: check.problem ?? '',
        checkedAt: check.checked_at,
        checkedBy: check.checked_by,
      },
    });
  }
}

/** The Taipei day before `day`. */
export const dayBefore = (day: string): string => addDays(day, -1);
