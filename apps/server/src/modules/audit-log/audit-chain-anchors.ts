import type { FastifyInstance } from 'fastify';
import { instantRange } from '@bo/shared/dates';
import type { Config } from '../../config.ts';
import { GENESIS_HASH } from '../../db/audit-chain-hash.ts';
import type { ReadDb } from '../../db/database.ts';
import type { MinuteTask } from '../../lib/jobs/minute-tasks.ts';
import { systemContexts, type WriteContext } from '../../lib/context/request-context.ts';
import {
  activeSuperAdminEmails,
  anchorOf,
  countEntriesThrough,
  insertAnchor,
  lastEntryBefore,
  setAnchorMail,
} from './audit-chain.repository.ts';

export const AUDIT_ANCHOR_TASK = 'audit-chain-hourly-anchor';
const HOUR_MS = 3_600_000;

/** A Taipei day (YYYY-MM-DD) or hour (YYYY-MM-DDTHH: HH:00 to HH+1:00) whose end is anchored. */
export interface AnchorPeriod {
  key: string;
  /** Entries written before this instant (ISO) are the anchored head. */
  until: string;
  /** How the mail names it: the day, or `YYYY-MM-DD HH:00–HH+1:00`. */
  label: string;
}

export const dayPeriod = (day: string): AnchorPeriod => ({
  key: day,
  until: instantRange(undefined, day).toExclusive as string,
  label: day,
});

/** The whole Taipei hour before the one `now` is in. */
export function hourBefore(now: Date): AnchorPeriod {
  const end = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const taipei = new Date(end - HOUR_MS + 8 * HOUR_MS).toISOString();
  const hour = Number(taipei.slice(11, 13));
  const pad = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  return { key: taipei.slice(0, 13), until: new Date(end).toISOString(), label: `${taipei.slice(0, 10)} ${pad(hour)}–${pad(hour + 1)}` };
}

/**
 * Where an anchor leaves the server (docs/audit-log.md "Anchors"): AUDIT_ANCHOR_MAIL for every anchor;
 * without it the daily anchor goes to every active super admin, when mail is set up (SMTP_URL).
 */
export type AnchorDelivery = 'address' | 'super_admins' | 'none';
export const anchorDelivery = (config: Pick<Config, 'audit' | 'mail'>): AnchorDelivery =>
  !config.mail.smtpUrl ? 'none' : config.audit.anchorMailTo ? 'address' : 'super_admins';

export async function anchorRecipients(db: ReadDb, config: Pick<Config, 'audit' | 'mail'>, daily: boolean): Promise<string[]> {
  if (config.audit.anchorMailTo) return [config.audit.anchorMailTo];
  return daily && anchorDelivery(config) === 'super_admins' ? activeSuperAdminEmails(db) : [];
}

export interface PeriodAnchor {
  day: string;
  last_id: number | null;
  head_hash: string;
  entries: number;
  /** false: the period had been anchored before (by this or another instance); this is that anchor. */
  recorded: boolean;
}

/**
 * Records the head of the chain at the end of `period` (the last entry written before it ended), once;
 * the same anchor is answered afterwards. Audited as `anchor_chain`; each of `mailTo` is sent it
 * (template audit_anchor) after the commit, and the first mail is noted as the one carrying it away.
 */
export async function anchorAuditPeriod(ctx: WriteContext, period: AnchorPeriod, mailTo: readonly string[]): Promise<PeriodAnchor> {
  const kept = await anchorOf(ctx.trx, period.key);
  if (kept) return { ...kept, recorded: false };
  const last = await lastEntryBefore(ctx.trx, period.until);
  const anchor = {
    day: period.key,
    until: period.until,
    last_id: last?.id ?? null,
    head_hash: last?.hash ?? GENESIS_HASH,
    entries: last ? await countEntriesThrough(ctx.trx, last.id) : 0,
    created_at: new Date().toISOString(),
    mail_id: null,
  };
  const recorded = await insertAnchor(ctx.trx, anchor);
  if (recorded) {
    const { mail_id: _, ...audited } = anchor;
    await ctx.audit({ action: 'anchor_chain', target_type: 'audit_log', target_id: null, after: audited });
    for (const [i, to] of mailTo.entries()) {
      const id = await ctx.sendMail({
        to,
        template: 'audit_anchor',
        locale: 'zh-TW',
        variables: { day: period.label, hash: anchor.head_hash, lastId: anchor.last_id ?? 0, entries: anchor.entries },
      });
      if (i === 0) await setAnchorMail(ctx.trx, period.key, id);
    }
  }
  return { day: period.key, last_id: anchor.last_id, head_hash: anchor.head_hash, entries: anchor.entries, recorded };
}

/**
 * AUDIT_ANCHOR_EVERY=hour: on each minute every instance makes sure the hour before is anchored (one
 * query when it is); the first to insert it audits, logs and mails it, the others find it kept.
 */
export const auditAnchorTask = (app: FastifyInstance): MinuteTask => {
  const system = systemContexts(app, AUDIT_ANCHOR_TASK);
  return {
    name: AUDIT_ANCHOR_TASK,
    async run(now) {
      if (app.config.audit.anchorEvery !== 'hour') return;
      const period = hourBefore(now);
      if (await anchorOf(system.read().db, period.key)) return;
      const mailTo = await anchorRecipients(system.read().db, app.config, false);
      const anchor = await system.inTransaction((ctx) => anchorAuditPeriod(ctx, period, mailTo));
      if (anchor.recorded) logAnchor(app, anchor);
    },
  };
};

export const logAnchor = (app: FastifyInstance, a: PeriodAnchor) =>
  app.log.info({ auditAnchor: { period: a.day, last_id: a.last_id, head_hash: a.head_hash, entries: a.entries } }, 'audit chain anchored');
