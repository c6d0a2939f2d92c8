import type { z } from 'zod';
import { todayInTaipei } from '@bo/shared/dates';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { gateVerdict, type VerdictFacts } from '@bo/shared/gate/verdict';
import type {
  Entry,
  GateDueItem,
  GateReason,
  GateVerdict,
  GateWorker,
  ScanResult,
  Snapshot,
  SnapshotBody,
  scanInput,
} from '@bo/shared/schemas/gate';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AdminReadContext, OrganizationContext, OrganizationReadContext } from '../../lib/context/request-context.ts';
import { PassTokens } from '../../lib/gate/pass-token.ts';
import { snapshotSigner } from '../../lib/gate/snapshot-signer.ts';
import { ruleLabelsOf } from '../compliance/rule-labels.ts';
import { staffReads } from '../staff/staff.service.ts';
import type { ReadDb } from '../../db/database.ts';
import type { Scope } from '../../lib/context/scope.ts';
import { entries } from '../site-entry-log/site-entry-log.repository.ts';
import {
  OPEN_STATUSES,
  currentPassesOf,
  dueItemsOf,
  entryIdByClient,
  gateSites,
  insertEntry,
  onRoster,
  overrideEntry,
  passByCode,
  revokedCodesOf,
  rosterRowOf,
  rosterRowsOf,
  rosterWorkers,
  siteDueItemsOf,
  siteEntry,
  siteOf,
  workerOf,
  type WorkerRow,
} from './site-gate.repository.ts';

type Scan = z.output<typeof scanInput>;
type Site = NonNullable<Awaited<ReturnType<typeof siteOf>>>;

/** At most this many workers answer a search by name. */
export const WORKER_SEARCH_LIMIT = 20;

const isOpen = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);

export const gateWorkerOf = (w: WorkerRow, siteRole: string | null): GateWorker => ({
  staff_id: w.staff_id,
  name: w.name,
  company_name: w.contractor_name ?? w.organization_name,
  job_title: w.job_title,
  site_role: siteRole,
  has_photo: !!(w.photo_key || w.photo_id),
});

/** Due items with their rules' titles (the pack's or the organization's own rule; one query at most). */
async function titled(
  db: ReadDb,
  scope: Scope,
  organizationId: number,
  items: readonly { rule_key: string; state: GateDueItem['state']; due_on: string | null }[],
) {
  if (!items.length) return [];
  const label = await ruleLabelsOf(
    db,
    scope,
    items.map((i) => i.rule_key),
  );
  return items.map(
    (i): GateDueItem => ({ rule_key: i.rule_key, rule_title: label(i.rule_key, organizationId).title, state: i.state, due_on: i.due_on }),
  );
}

/** What the server knows of a scan: the verdict's facts, and the worker and pass to show (none of another organization's). */
interface Judged {
  facts: VerdictFacts;
  worker: GateWorker | null;
  pass_id: number | null;
  staff_id: number | null;
}

/** The gate's reads: its sites, the signing key, the snapshot, workers by name, photos; organization-scoped. */
export function siteGateReads(ctx: OrganizationReadContext) {
  const { db, scope, organizationId } = ctx;
  const tokens = new PassTokens(ctx.config.jwtSecret);

  async function site(id: number): Promise<Site> {
    const found = await siteOf(db, organizationId, id);
    if (!found) throw notFound();
    return found;
  }

  /** The facts of one scan on `today`: the pass by its code (or the worker by id), the roster row and the due items. */
  async function judge(s: Site, scan: Pick<Scan, 'code' | 'staff_id'>, today: string): Promise<Judged> {
    const unknown = (pass: 'unknown' | 'other_organization'): Judged => ({
      facts: { today, pass, roster: null, site_open: isOpen(s.status), items: [] },
      worker: null,
      pass_id: null,
      staff_id: null,
    });
    let pass: VerdictFacts['pass'] = 'current';
    let revokedReason: string | null = null;
    let staffId: number;
    let passId: number | null = null;
    if (scan.staff_id) {
      staffId = scan.staff_id;
    } else {
      const read = tokens.read(scan.code ?? '');
      if (read.kind === 'bad') return unknown('unknown');
      const row = await passByCode(db, read.code);
      if (!row || (read.kind === 'qr' && row.serial !== read.serial)) return unknown('unknown');
      if (row.organization_id !== organizationId) return unknown('other_organization');
      staffId = row.staff_id;
      passId = row.id;
      if (row.revoked_at) {
        pass = 'revoked';
        revokedReason = row.revoked_reason;
      } else if (row.site_id !== s.id) pass = 'other_site';
    }
    const w = await workerOf(db, organizationId, staffId);
    if (!w) return unknown('unknown');
    const roster = pass === 'revoked' ? null : ((await rosterRowOf(db, s.id, staffId, today)) ?? null);
    const items = roster ? await titled(db, scope, organizationId, await dueItemsOf(db, staffId, roster.id)) : [];
    return {
      facts: {
        today,
        pass,
        revoked_reason: revokedReason,
        roster: roster ? { starts_on: roster.starts_on, ends_on: roster.ends_on } : null,
        site_open: isOpen(s.status),
        items,
      },
      worker: gateWorkerOf(w, roster?.site_role ?? null),
      pass_id: passId,
      staff_id: staffId,
    };
  }

  return {
    site,
    judge,
    sites: async () => ({ data: await gateSites(db, organizationId) }),

    key() {
      const signer = snapshotSigner(ctx.config.jwtSecret);
      return { key_id: signer.keyId, public_key: signer.publicJwk };
    },

    /** The site's signed snapshot: every current pass with its worker, roster dates and due items; revoked codes. */
    async snapshot(siteId: number): Promise<Snapshot> {
      const s = await site(siteId);
      const today = todayInTaipei();
      const [passes, revoked, roster, items] = await Promise.all([
        currentPassesOf(db, organizationId, s.id),
        revokedCodesOf(db, s.id),
        rosterRowsOf(db, s.id, today),
        siteDueItemsOf(db, s.id),
      ]);
      const rowOf = new Map<number, (typeof roster)[number]>();
      for (const r of roster) {
        const had = rowOf.get(r.staff_id);
        // The row that counts today, else the next to start (the rows come in start order).
        if (!had || (had.starts_on > today && r.starts_on <= today)) rowOf.set(r.staff_id, r);
      }
      const titledItems = await titled(db, scope, organizationId, items);
      const itemsOf = new Map<number, GateDueItem[]>();
      items.forEach((it, i) => {
        const list = itemsOf.get(it.roster_id) ?? [];
        list.push(titledItems[i]!);
        itemsOf.set(it.roster_id, list);
      });
      const body: SnapshotBody = {
        organization_id: organizationId,
        site_id: s.id,
        site_name: s.name,
        generated_at: new Date().toISOString(),
        day: today,
        passes: passes.map((p) => {
          const r = rowOf.get(p.staff_id);
          return {
            pass_id: p.pass_id,
            code: p.code,
            serial: p.serial,
            worker: gateWorkerOf(p, r?.site_role ?? null),
            on_roster: !!r && r.starts_on <= today,
            roster_from: r?.starts_on ?? null,
            roster_until: r?.ends_on ?? null,
            items: r ? (itemsOf.get(r.id) ?? []) : [],
          };
        }),
        revoked_codes: revoked.map((r) => r.code),
      };
      const text = JSON.stringify(body);
      const signer = snapshotSigner(ctx.config.jwtSecret);
      return { body: text, signature: signer.sign(text), key_id: signer.keyId };
    },

    /** Workers on the site's current roster by name, at most WORKER_SEARCH_LIMIT. */
    async workers(siteId: number, keyword: string | undefined) {
      const s = await site(siteId);
      const rows = await rosterWorkers(db, organizationId, s.id, todayInTaipei(), keyword, WORKER_SEARCH_LIMIT);
      return { data: rows.map((r) => ({ ...gateWorkerOf(r, r.site_role), pass_id: r.pass_id ?? null, code: r.code ?? null })) };
    },

    /** The worker's photo key, when they are on the site's current roster (else 404). */
    async photoKey(siteId: number, staffId: number): Promise<string> {
      const s = await site(siteId);
      if (!(await onRoster(db, organizationId, s.id, staffId, todayInTaipei()))) throw notFound();
      // The staff module's one reading of a worker's photo (their upload, or the library photo they use).
      const staff = staffReads(ctx as AdminReadContext);
      const key = await staff.photoKey(await staff.row(staffId));
      if (!key) throw notFound();
      return key;
    },
  };
}

/** The device a scan is recorded on: the request's login device (a signed-in screen always has one), else the one the screen names. */
export type ScanDevice = string | null;

/** Scans and overrides: each writes one entry and one audit entry in the request's transaction. */
export function siteGateService(ctx: OrganizationContext) {
  const reads = siteGateReads(ctx);
  const { db, scope, organizationId } = ctx;
  const entryOf = async (id: number): Promise<Entry | undefined> => (await entries.find(db, scope, [id]))[0];

  async function answer(entryId: number, duplicate: boolean, judged?: Judged): Promise<ScanResult> {
    const entry = await entryOf(entryId);
    if (!entry) throw notFound();
    let worker = judged?.worker ?? null;
    if (!judged && entry.staff_id !== null) {
      const w = await workerOf(db, organizationId, entry.staff_id);
      worker = w ? gateWorkerOf(w, null) : null;
    }
    return { verdict: entry.verdict, reasons: entry.reasons, worker, pass_id: entry.pass_id, entry, duplicate };
  }

  /** One scan: the same client_entry_id again answers the stored entry (duplicate) and writes nothing. */
  async function scan(siteId: number, input: Scan, device: ScanDevice): Promise<ScanResult> {
    const s = await reads.site(siteId);
    const known = await entryIdByClient(db, organizationId, input.client_entry_id);
    if (known !== null) return answer(known, true);

    const now = new Date();
    const scannedAt = input.scanned_at ? new Date(input.scanned_at) : now;
    const day = todayInTaipei(scannedAt);
    const snapshotAt = input.offline && input.snapshot_at ? new Date(input.snapshot_at).toISOString() : null;
    // Online, the verdict is for now; offline, the device's verdict for its scan stands (the past is not judged again).
    const judged = await reads.judge(s, input, input.offline ? day : todayInTaipei(now));
    let verdict: Pick<GateVerdict, 'verdict' | 'reasons'>;
    if (input.offline && input.offline_verdict) {
      const unknownHere = judged.facts.pass === 'unknown' || judged.facts.pass === 'other_organization';
      const reasons: GateReason[] = input.offline_reasons ?? [];
      verdict = unknownHere
        ? { verdict: 'refuse', reasons: reasons.some((r) => r.blocking) ? reasons : [...gateVerdict(judged.facts).reasons, ...reasons] }
        : { verdict: input.offline_verdict, reasons };
    } else verdict = gateVerdict(judged.facts);

    const id = await insertEntry(ctx.trx, {
      organization_id: organizationId,
      site_id: s.id,
      staff_id: judged.staff_id,
      pass_id: judged.pass_id,
      direction: input.direction,
      verdict: verdict.verdict,
      admitted: verdict.verdict === 'admit' ? 1 : 0,
      reasons: JSON.stringify(verdict.reasons),
      scanned_at: scannedAt.toISOString(),
      day,
      received_at: now.toISOString(),
      admin_id: ctx.principal.id,
      device_id: device,
      client_entry_id: input.client_entry_id,
      offline: input.offline ? 1 : 0,
      snapshot_at: snapshotAt,
      override_admin_id: null,
      override_reason: null,
      override_at: null,
    });
    // Sent twice at once: the other request's entry won the unique index; answer it.
    if (id === null) {
      const other = await entryIdByClient(db, organizationId, input.client_entry_id);
      if (other === null) throw notFound();
      return answer(other, true);
    }
    await ctx.audit({
      action: 'scan',
      target_type: 'site_entry',
      target_id: id,
      target_label: judged.worker?.name ?? input.code ?? null,
      after: {
        site_id: s.id,
        site_name: s.name,
        staff_id: judged.staff_id,
        pass_id: judged.pass_id,
        direction: input.direction,
        verdict: verdict.verdict,
        admitted: verdict.verdict === 'admit',
        reasons: verdict.reasons.map((r) => ({ code: r.code, rule_key: r.rule_key, status: r.status, blocking: r.blocking })),
        scanned_at: scannedAt.toISOString(),
        device_id: device,
        offline: input.offline,
        snapshot_at: snapshotAt,
        client_entry_id: input.client_entry_id,
      },
    });
    return answer(id, false, judged);
  }

  return {
    scan,
    /** A queue of offline scans, in order, each counted once however often the queue is sent. */
    async batch(siteId: number, scans: readonly Scan[], device: ScanDevice) {
      await reads.site(siteId);
      const data: ScanResult[] = [];
      for (const one of scans) data.push(await scan(siteId, one, device));
      return { data };
    },

    /** The site director lets a refused worker in, with a reason. */
    async override(siteId: number, entryId: number, reason: string): Promise<Entry> {
      const s = await reads.site(siteId);
      const found = await siteEntry(db, organizationId, s.id, entryId);
      if (!found) throw notFound();
      if (Number(found.admitted) === 1) throw badRequest({ id: [VALIDATION_KEYS.invalid] });
      const at = new Date().toISOString();
      const done = await overrideEntry(ctx.trx, found.id, ctx.principal.id, reason, at);
      if (Number(done.numUpdatedRows) !== 1) throw badRequest({ id: [VALIDATION_KEYS.invalid] });
      const entry = await entryOf(found.id);
      await ctx.audit({
        action: 'override',
        target_type: 'site_entry',
        target_id: found.id,
        target_label: entry!.staff_name,
        before: { admitted: false },
        after: { site_id: s.id, site_name: s.name, staff_id: entry!.staff_id, admitted: true, override_reason: reason, override_at: at },
      });
      return entry!;
    },
  };
}
