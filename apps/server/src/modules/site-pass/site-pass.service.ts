import type { z } from 'zod';
import { todayInTaipei } from '@bo/shared/dates';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import type { Pass, PassRevokeReason, PhonePass, passIssueInput, passListQuery } from '@bo/shared/schemas/gate';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AdminReadContext, OrganizationContext, OrganizationReadContext, ReadContext } from '../../lib/context/request-context.ts';
import { allOrganizations, inOrganization } from '../../lib/context/scope.ts';
import type { ListResult } from '../../lib/list.ts';
import { PassTokens } from '../../lib/gate/pass-token.ts';
import { PhonePassLinks } from '../../lib/gate/phone-pass-link.ts';
import { siteRosterReads } from '../site/site-roster.service.ts';
import { staffReads } from '../staff/staff.service.ts';
import {
  currentPassIds,
  insertPass,
  lastSerials,
  passes,
  passFilter,
  revokePass,
  rosterStaffOn,
  setReplacement,
  type PassView,
} from './site-pass.repository.ts';

type ListQuery = z.output<typeof passListQuery>;
type IssueInput = z.output<typeof passIssueInput>;

/** Tries of a fresh code when one is taken already (32^8 codes: a clash is rare, two in a row rarer still). */
const CODE_TRIES = 8;

/**
 * A pass with its signed QR text; a revoked pass has none (it is never printed again). Audit entries keep the
 * pass without it: the QR text would let anyone who reads the log print the badge.
 */
const withQr = (tokens: PassTokens, p: PassView): Pass => ({ ...p, qr: p.revoked_at === null ? tokens.qr(p.code, p.serial) : null });

/**
 * The storage key of a worker's photo, read by the staff module (staffReads().photoKey: their upload or the
 * library photo they use), in the pass's organization. Those reads use only the connection and the scope,
 * so the public phone pass reads with a visitor's context narrowed to the pass's organization.
 */
async function staffPhotoKey(ctx: Pick<ReadContext, 'db' | 'config'>, organizationId: number, staffId: number): Promise<string | null> {
  const reads = staffReads({ ...ctx, organizationId, scope: inOrganization(organizationId) } as AdminReadContext);
  return reads.photoKey(await reads.row(staffId));
}

/** A site's passes, read in the context's organization; a site or pass out of reach is 404. */
export function sitePassReads(ctx: OrganizationReadContext) {
  const { db, scope } = ctx;
  const tokens = new PassTokens(ctx.config.jwtSecret);
  const site = (id: number) => siteRosterReads(ctx).site(id);

  /** One pass of the site, or 404 (a pass of another site or organization is out of reach here). */
  async function pass(siteId: number, passId: number): Promise<PassView> {
    await site(siteId);
    const [p] = await passes.find(db, scope, [passId]);
    if (!p || p.site_id !== siteId) throw notFound();
    return p;
  }

  return {
    site,
    pass,
    withQr: (p: PassView) => withQr(tokens, p),
    async list(siteId: number, query: ListQuery): Promise<ListResult<Pass>> {
      await site(siteId);
      const page = await passes.list(db, scope, query, passFilter(siteId, query.state));
      return { data: page.data.map((p) => withQr(tokens, p)), meta: page.meta };
    },
    /** The worker's photo for the badge sheet: its storage key, or 404 when they have none. */
    async photoKey(siteId: number, passId: number): Promise<string> {
      const p = await pass(siteId, passId);
      const key = await staffPhotoKey(ctx, ctx.organizationId, p.staff_id);
      if (!key) throw notFound();
      return key;
    },
  };
}

export function sitePassService(ctx: OrganizationContext) {
  const { db, scope } = ctx;
  const org = ctx.organizationId;
  const reads = sitePassReads(ctx);

  /** A current pass of the site, or 400 (a revoked pass is neither revoked nor reissued again). */
  async function current(siteId: number, passId: number): Promise<PassView> {
    const p = await reads.pass(siteId, passId);
    if (p.revoked_at !== null) throw badRequest({ id: [VALIDATION_KEYS.invalid] });
    return p;
  }

  /** A new row for the worker on the site, with a fresh code (tried again on the rare clash). */
  /** A new current pass: its id, or null when the worker got one meanwhile (another request's, kept). */
  async function newPass(siteId: number, staffId: number, serial: number, at: string): Promise<number | null> {
    for (let i = 0; i < CODE_TRIES; i++) {
      const id = await insertPass(db, {
        organization_id: org,
        site_id: siteId,
        staff_id: staffId,
        code: PassTokens.newCode(),
        serial,
        issued_at: at,
      });
      if (id !== null) return id;
      if ((await currentPassIds(db, siteId, [staffId])).size) return null;
    }
    throw new Error('no free pass code after several tries');
  }

  async function revoke(p: PassView, reason: PassRevokeReason, at: string, replacedById: number | null = null) {
    // Checked again in the write: a pass revoked meanwhile by another request is not revoked twice.
    if (!(await revokePass(db, org, p.id, { reason, at, replacedById }))) throw badRequest({ id: [VALIDATION_KEYS.invalid] });
  }

  const find = async (id: number) => passes.findOr404(db, scope, id);

  return {
    /**
     * Passes for the given workers (or every worker on the site's roster today): each must be on the roster
     * today (else 400 `staff_ids: validate.error.invalid`); one who holds a current pass already keeps it.
     * Answers the current passes of those workers, and how many were issued now.
     */
    async issue(siteId: number, input: IssueInput): Promise<{ data: Pass[]; issued: number }> {
      await reads.site(siteId);
      const roster = await rosterStaffOn(db, org, siteId, todayInTaipei());
      const onRoster = new Set(roster);
      const wanted = input.staff_ids ? [...new Set(input.staff_ids)] : roster;
      if (wanted.some((id) => !onRoster.has(id))) throw badRequest({ staff_ids: [VALIDATION_KEYS.invalid] });
      const held = await currentPassIds(db, siteId, wanted);
      const todo = wanted.filter((id) => !held.has(id));
      const serials = await lastSerials(db, siteId, todo);
      const at = new Date().toISOString();
      const ids: number[] = [];
      for (const staffId of todo) {
        const id = await newPass(siteId, staffId, (serials.get(staffId) ?? 0) + 1, at);
        if (id !== null) ids.push(id);
        else for (const [s, id] of await currentPassIds(db, siteId, [staffId])) held.set(s, id);
      }
      const created = await passes.find(db, scope, ids);
      for (const p of created)
        await ctx.audit({
          action: 'issue',
          target_type: 'site_pass',
          target_id: p.id,
          target_label: `${p.staff_name} (${p.code})`,
          after: p,
        });
      const all = await passes.find(db, scope, [...held.values(), ...ids]);
      const order = new Map(wanted.map((id, i) => [id, i]));
      all.sort((a, b) => order.get(a.staff_id)! - order.get(b.staff_id)!);
      return { data: all.map(reads.withQr), issued: ids.length };
    },

    async revoke(siteId: number, passId: number, reason: PassRevokeReason): Promise<Pass> {
      const before = await current(siteId, passId);
      await revoke(before, reason, new Date().toISOString());
      const after = await find(passId);
      await ctx.audit({
        action: 'revoke',
        target_type: 'site_pass',
        target_id: passId,
        target_label: `${after.staff_name} (${after.code})`,
        before: before,
        after: after,
      });
      return reads.withQr(after);
    },

    /**
     * The old pass is revoked with the reason and names its replacement; the new one has a new code and the
     * next serial, so the old QR (and its typed code) are refused at the gate.
     */
    async reissue(siteId: number, passId: number, reason: 'lost' | 'revoked'): Promise<Pass> {
      const before = await current(siteId, passId);
      const at = new Date().toISOString();
      const serial = Math.max(before.serial, (await lastSerials(db, siteId, [before.staff_id])).get(before.staff_id) ?? 0) + 1;
      // Revoked first: the one-current-pass index lets the new pass in only then.
      await revoke(before, reason, at);
      const newId = await newPass(siteId, before.staff_id, serial, at);
      if (newId === null) throw badRequest({ id: [VALIDATION_KEYS.invalid] });
      await setReplacement(db, org, passId, newId);
      const old = await find(passId);
      const made = await find(newId);
      await ctx.audit({
        action: 'revoke',
        target_type: 'site_pass',
        target_id: passId,
        target_label: `${old.staff_name} (${old.code})`,
        before: before,
        after: old,
      });
      await ctx.audit({
        action: 'reissue',
        target_type: 'site_pass',
        target_id: newId,
        target_label: `${made.staff_name} (${made.code})`,
        before: old,
        after: made,
      });
      return reads.withQr(made);
    },

    /** A signed link to the worker's phone pass page (`origin`/pass/<token>); the token is not audited, its expiry is. */
    async phoneLink(siteId: number, passId: number, origin: string): Promise<{ url: string; expires_at: string }> {
      const p = await current(siteId, passId);
      const { token, expires } = new PhonePassLinks(ctx.config.jwtSecret).token(p.id, ctx.principal.id);
      const expires_at = new Date(expires * 1000).toISOString();
      await ctx.audit({
        action: 'phone_link',
        target_type: 'site_pass',
        target_id: p.id,
        target_label: `${p.staff_name} (${p.code})`,
        after: { expires_at },
      });
      return { url: `${origin}/pass/${token}`, expires_at };
    },
  };
}

/**
 * The phone pass a public link opens: the token's signature and expiry, then the pass must still be current
 * (revoked or reissued: 404). Read across organizations by the pass id the token names.
 */
export function phonePassReads(ctx: ReadContext) {
  const links = new PhonePassLinks(ctx.config.jwtSecret);
  const tokens = new PassTokens(ctx.config.jwtSecret);

  async function open(token: string): Promise<PassView> {
    const id = links.read(token);
    if (id === null) throw notFound();
    const [p] = await passes.find(ctx.db, allOrganizations, [id]);
    if (!p || p.revoked_at !== null) throw notFound();
    return p;
  }

  return {
    /** Name, company, site, job title, the code and its QR: nothing else of the worker (no ID, birthday or health data). */
    async pass(token: string): Promise<PhonePass> {
      const p = await open(token);
      return {
        staff_name: p.staff_name,
        company_name: p.company_name,
        site_name: p.site_name,
        job_title: p.job_title,
        code: p.code,
        qr: tokens.qr(p.code, p.serial),
        has_photo: p.has_photo,
        issued_at: p.issued_at,
      };
    },
    async photoKey(token: string): Promise<string> {
      const p = await open(token);
      const key = await staffPhotoKey(ctx, p.organization_id, p.staff_id);
      if (!key) throw notFound();
      return key;
    },
  };
}
