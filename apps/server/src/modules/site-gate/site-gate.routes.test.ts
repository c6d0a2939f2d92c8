import { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { snapshotBodySchema, type GateReason } from '@bo/shared/schemas/gate';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { buildStaff } from '../staff/staff.test-helpers.ts';
import { buildDueItem, buildRoster, buildSite } from '../compliance/compliance.test-helpers.ts';
import { PassTokens } from '../../lib/gate/pass-token.ts';
import type { Database } from '../../db/database.ts';

/** Issue 39, the site gate: verdicts from the computed due items, scans counted once, the signed snapshot, overrides. */
const G = '/api/admin/organization/gate';
const now = () => new Date().toISOString();

let t: TestApp;
let tokens: PassTokens;
let orgA: { id: number };
let orgB: { id: number };
let north: { id: number };
let south: { id: number };
let siteB: { id: number };
let keeper: string;
let director: string;
let orgAdmin: string;
let keeperB: string;
const qr: Record<string, string> = {};
const staffOf: Record<string, number> = {};
let codeOf: Record<string, string> = {};

let seq = 0;
async function buildPass(db: Database, organizationId: number, siteId: number, staffId: number, revoked: 'lost' | null = null) {
  const code = `${String(++seq).padStart(4, '0')}-AB${String(seq).padStart(2, '0')}`.replace(/[ILOU]/g, 'A');
  const row = await db
    .insertInto('site_passes')
    .values({
      organization_id: organizationId,
      site_id: siteId,
      staff_id: staffId,
      code,
      serial: 1,
      issued_at: now(),
      revoked_at: revoked ? now() : null,
      revoked_reason: revoked,
      replaced_by_id: null,
      created_at: now(),
      updated_at: now(),
    })
    .returning(['id', 'code', 'serial'])
    .executeTakeFirstOrThrow();
  return row;
}

const uuid = () => webcrypto.randomUUID();
const scan = (token: string, siteId: number, body: Record<string, unknown>) =>
  api(t.app, token).post(`${G}/sites/${siteId}/scans`, { client_entry_id: uuid(), ...body });
const codes = (reasons: GateReason[]) => reasons.map((r) => r.code);
const entryCount = async (clientEntryId: string) =>
  Number(
    (
      await t.db
        .selectFrom('site_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_entry_id', '=', clientEntryId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditCount = async (entryId: number, action: string) =>
  Number(
    (
      await t.db
        .selectFrom('audit_logs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('target_type', '=', 'site_entry')
        .where('target_id', '=', String(entryId))
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T02:00:00Z') });
  t = await createTestApp();
  tokens = new PassTokens(t.config.jwtSecret);
  orgA = await buildOrganization(t.db, { name: '甲營造' });
  orgB = await buildOrganization(t.db, { name: '乙營造' });
  north = await buildSite(t.db, orgA.id, '北區工地');
  south = await buildSite(t.db, orgA.id, '南區工地');
  siteB = await buildSite(t.db, orgB.id, 'B 工地');
  await t.db.updateTable('sites').set({ status: 'active' }).execute();

  const worker = async (
    key: string,
    orgId: number,
    siteId: number,
    opts: { roster?: boolean; passSite?: number; revoked?: boolean } = {},
  ) => {
    const s = await buildStaff(t.db, orgId, { name: key, national_id: key === '王合格' ? 'A123456789' : null }, t.config);
    staffOf[key] = s.id;
    let roster: { organization_id: number; site_id: number; roster_id: number; staff_id: number } | null = null;
    if (opts.roster !== false) {
      const r = await buildRoster(t.db, orgId, siteId, s.id);
      roster = { organization_id: orgId, site_id: siteId, roster_id: r.id, staff_id: s.id };
    }
    const p = await buildPass(t.db, orgId, opts.passSite ?? siteId, s.id, opts.revoked ? 'lost' : null);
    qr[key] = tokens.qr(p.code, p.serial);
    codeOf = { ...codeOf, [key]: p.code };
    return roster;
  };
  const good = await worker('王合格', orgA.id, north.id);
  await buildDueItem(t.db, good!, { rule_key: 'general-training', state: 'satisfied' });
  await buildDueItem(t.db, good!, { rule_key: 'health-check', state: 'dated', due_on: '2026-09-01' });
  const overdue = await worker('李逾期', orgA.id, north.id);
  await buildDueItem(t.db, overdue!, { rule_key: 'health-check', state: 'dated', due_on: '2026-01-15' });
  await buildDueItem(t.db, overdue!, { rule_key: 'general-training', state: 'satisfied' });
  await worker('陳無名冊', orgA.id, north.id, { roster: false });
  await worker('林撤銷', orgA.id, north.id, { revoked: true });
  await worker('張他廠', orgB.id, siteB.id);
  await worker('趙南區', orgA.id, south.id);

  const member = async (orgId: number, roles: string[]) =>
    login(t.app, await buildAdmin(t.db, { memberships: { [orgId]: roles } }), { organizationId: orgId });
  keeper = await member(orgA.id, ['SUB_ACCOUNT_ROLE_GATE']);
  director = await member(orgA.id, ['SUB_ACCOUNT_ROLE_SITE_DIRECTOR']);
  orgAdmin = await member(orgA.id, ['SUB_ACCOUNT_ROLE_ADMIN']);
  keeperB = await member(orgB.id, ['SUB_ACCOUNT_ROLE_GATE']);
});

afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('the verdict', () => {
  it('lets a compliant worker in, records the entry with who and which device, and audits it once', async () => {
    const res = await scan(keeper, north.id, { code: qr.王合格 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.verdict).toBe('admit');
    expect(body.reasons).toEqual([]);
    expect(body.worker).toMatchObject({ name: '王合格', company_name: '甲營造', site_role: 'worker' });
    expect(body.duplicate).toBe(false);
    expect(body.entry).toMatchObject({
      site_id: north.id,
      verdict: 'admit',
      admitted: true,
      day: '2026-03-15',
      offline: false,
      staff_name: '王合格',
    });
    expect(body.entry.admin_id).toEqual(expect.any(Number));
    expect(body.entry.device_id).toEqual(expect.any(String));
    expect(await auditCount(body.entry.id, 'scan')).toBe(1);
  });

  it('takes the code typed by hand, and a worker found by name', async () => {
    const typed = await scan(keeper, north.id, { code: codeOf.王合格!.replace('-', '').toLowerCase() });
    expect(typed.json()).toMatchObject({ verdict: 'admit', worker: { name: '王合格' } });
    const byId = await scan(keeper, north.id, { staff_id: staffOf.王合格 });
    expect(byId.json()).toMatchObject({ verdict: 'admit', pass_id: null, worker: { name: '王合格' } });
  });

  it('refuses an overdue health check with the rule, its title and how late it is', async () => {
    const body = (await scan(keeper, north.id, { code: qr.李逾期 })).json();
    expect(body.verdict).toBe('refuse');
    expect(body.reasons).toHaveLength(1);
    expect(body.reasons[0]).toMatchObject({
      code: 'rule',
      blocking: true,
      rule_key: 'health-check',
      status: 'overdue',
      due_on: '2026-01-15',
      overdue_days: 59,
    });
    expect(body.entry).toMatchObject({ verdict: 'refuse', admitted: false });
  });

  it('refuses a worker not on the roster, a revoked pass and another organization’s pass (without naming its worker)', async () => {
    const off = (await scan(keeper, north.id, { code: qr.陳無名冊 })).json();
    expect(off.verdict).toBe('refuse');
    expect(codes(off.reasons)).toEqual(['not_on_roster']);
    const revoked = (await scan(keeper, north.id, { code: qr.林撤銷 })).json();
    expect(revoked.verdict).toBe('refuse');
    expect(revoked.reasons).toEqual([expect.objectContaining({ code: 'pass_revoked', detail: 'lost' })]);
    const other = (await scan(keeper, north.id, { code: qr.張他廠 })).json();
    expect(other).toMatchObject({ verdict: 'refuse', worker: null, pass_id: null });
    expect(codes(other.reasons)).toEqual(['pass_other_organization']);
    expect(other.entry).toMatchObject({ staff_id: null, staff_name: null, pass_id: null });
  });

  it('refuses a pass of another site of the organization, an unknown code and a forged QR', async () => {
    const south = (await scan(keeper, north.id, { code: qr.趙南區 })).json();
    expect(codes(south.reasons)).toEqual(['pass_other_site', 'not_on_roster']);
    expect((await scan(keeper, north.id, { code: 'ZZZZ-ZZZZ' })).json().reasons[0].code).toBe('pass_unknown');
    const forged = qr.王合格!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await scan(keeper, north.id, { code: forged })).json()).toMatchObject({ verdict: 'refuse', worker: null });
    expect((await scan(keeper, north.id, { code: 'not a code' })).json().verdict).toBe('refuse');
  });

  it('answers 400 for a scan with neither code nor worker, and 404 for another organization’s site', async () => {
    const bad = await api(t.app, keeper).post(`${G}/sites/${north.id}/scans`, { client_entry_id: uuid() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ code: ['validate.error.required'] });
    expect((await scan(keeper, siteB.id, { code: qr.王合格 })).statusCode).toBe(404);
    expect((await api(t.app, keeper).get(`${G}/sites/${siteB.id}/snapshot`)).statusCode).toBe(404);
    expect((await api(t.app, keeper).get(`${G}/sites/${siteB.id}/workers`)).statusCode).toBe(404);
    expect((await api(t.app, keeperB).get(`${G}/sites/${north.id}/snapshot`)).statusCode).toBe(404);
  });
});

describe('counted once', () => {
  it('answers the same entry for a scan sent again, and writes nothing new', async () => {
    const id = uuid();
    const first = (await scan(keeper, north.id, { client_entry_id: id, code: qr.李逾期 })).json();
    const again = (await scan(keeper, north.id, { client_entry_id: id, code: qr.李逾期 })).json();
    expect(again.duplicate).toBe(true);
    expect(again.entry.id).toBe(first.entry.id);
    expect(again).toMatchObject({ verdict: 'refuse', worker: { name: '李逾期' } });
    expect(await entryCount(id)).toBe(1);
    expect(await auditCount(first.entry.id, 'scan')).toBe(1);
  });

  it('counts a scan sent several times at once once (the unique index decides)', async () => {
    const id = uuid();
    const all = await Promise.all([1, 2, 3].map(() => scan(keeper, north.id, { client_entry_id: id, code: qr.王合格 })));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const bodies = all.map((r) => r.json());
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.entry.id)).size).toBe(1);
    expect(await entryCount(id)).toBe(1);
    expect(await auditCount(bodies[0].entry.id, 'scan')).toBe(1);
  });

  it('stores a queue of offline scans once however often it is sent, with the device’s verdict', async () => {
    const scans = [
      {
        client_entry_id: uuid(),
        code: qr.王合格,
        offline: true,
        scanned_at: '2026-03-14T23:30:00Z',
        snapshot_at: '2026-03-14T01:00:00Z',
        offline_verdict: 'admit',
        offline_reasons: [],
      },
      {
        client_entry_id: uuid(),
        code: qr.李逾期,
        offline: true,
        scanned_at: '2026-03-14T23:31:00Z',
        snapshot_at: '2026-03-14T01:00:00Z',
        offline_verdict: 'admit',
        offline_reasons: [{ code: 'snapshot_stale', blocking: false, detail: '25' }],
      },
      // A code the server does not know is refused whatever the device said.
      {
        client_entry_id: uuid(),
        code: 'ZZZZ-ZZZY',
        offline: true,
        scanned_at: '2026-03-14T23:32:00Z',
        offline_verdict: 'admit',
        offline_reasons: [],
      },
    ];
    const first = await api(t.app, keeper).post(`${G}/sites/${north.id}/scans/batch`, { scans });
    expect(first.statusCode).toBe(200);
    const again = await api(t.app, keeper).post(`${G}/sites/${north.id}/scans/batch`, { scans });
    const a = first.json().data;
    const b = again.json().data;
    expect(a.map((r: any) => r.duplicate)).toEqual([false, false, false]);
    expect(b.map((r: any) => r.duplicate)).toEqual([true, true, true]);
    expect(b.map((r: any) => r.entry.id)).toEqual(a.map((r: any) => r.entry.id));
    for (const s of scans) expect(await entryCount(s.client_entry_id)).toBe(1);
    for (const r of a) expect(await auditCount(r.entry.id, 'scan')).toBe(1);
    // The device's verdict stands (not judged again); its day is the Taipei day of the scan.
    expect(a[1].entry).toMatchObject({
      verdict: 'admit',
      admitted: true,
      offline: true,
      day: '2026-03-15',
      snapshot_at: '2026-03-14T01:00:00.000Z',
    });
    expect(a[1].entry.reasons).toEqual([expect.objectContaining({ code: 'snapshot_stale', detail: '25' })]);
    expect(a[1].entry.scanned_at).toBe('2026-03-14T23:31:00.000Z');
    expect(a[2].entry).toMatchObject({ verdict: 'refuse', admitted: false });
    expect(codes(a[2].entry.reasons)).toContain('pass_unknown');
  });
});

describe('the override', () => {
  it('lets the site director alone let a refused worker in, with a reason, once; audited', async () => {
    const refused = (await scan(keeper, north.id, { code: qr.李逾期 })).json().entry;
    const url = `${G}/sites/${north.id}/entries/${refused.id}/override`;
    expect((await api(t.app, keeper).post(url, { reason: '健檢已做，報告未到' })).statusCode).toBe(403);
    expect((await api(t.app, orgAdmin).post(url, { reason: '健檢已做，報告未到' })).statusCode).toBe(403);
    const noReason = await api(t.app, director).post(url, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toMatchObject({ reason: ['validate.error.required'] });
    const missing = await api(t.app, director).post(url, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['reason']);

    const ok = await api(t.app, director).post(url, { reason: '健檢已做，報告未到' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: refused.id, verdict: 'refuse', admitted: true, override_reason: '健檢已做，報告未到' });
    expect(ok.json().override_admin_id).toEqual(expect.any(Number));
    expect(ok.json().override_admin_name).toEqual(expect.any(String));
    expect(await auditCount(refused.id, 'override')).toBe(1);

    const twice = await api(t.app, director).post(url, { reason: '再一次' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toMatchObject({ id: ['validate.error.invalid'] });
    const admitted = (await scan(keeper, north.id, { code: qr.王合格 })).json().entry;
    expect(
      (await api(t.app, director).post(`${G}/sites/${north.id}/entries/${admitted.id}/override`, { reason: '多此一舉' })).statusCode,
    ).toBe(400);
    // Another site's path does not reach the entry.
    expect(
      (await api(t.app, director).post(`${G}/sites/${south.id}/entries/${refused.id}/override`, { reason: '理由理由' })).statusCode,
    ).toBe(404);
  });
});

describe('the snapshot', () => {
  it('is signed so that WebCrypto verifies it with the key route’s JWK, and holds no ID number', async () => {
    const key = (await api(t.app, keeper).get(`${G}/key`)).json();
    const res = await api(t.app, keeper).get(`${G}/sites/${north.id}/snapshot`);
    expect(res.statusCode).toBe(200);
    const snap = res.json();
    expect(snap.key_id).toBe(key.key_id);
    const pub = await webcrypto.subtle.importKey('jwk', key.public_key, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const verifies = (text: string) =>
      webcrypto.subtle.verify(
        { name: 'ECDSA', hash: 'SHA-256' },
        pub,
        Buffer.from(snap.signature, 'base64url'),
        new TextEncoder().encode(text),
      );
    expect(await verifies(snap.body)).toBe(true);
    expect(await verifies(snap.body.replace('北區', '南區'))).toBe(false);

    expect(snap.body).not.toContain('A123456789');
    expect(snap.body).not.toContain('national');
    const body = snapshotBodySchema.parse(JSON.parse(snap.body));
    expect(body).toMatchObject({ organization_id: orgA.id, site_id: north.id, site_name: '北區工地', day: '2026-03-15' });
    const names = body.passes.map((p) => p.worker.name).sort();
    expect(names).toEqual(['李逾期', '王合格', '陳無名冊'].sort());
    const late = body.passes.find((p) => p.worker.name === '李逾期')!;
    expect(late).toMatchObject({ on_roster: true, roster_from: '2026-01-01', roster_until: null });
    expect(late.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ rule_key: 'health-check', state: 'dated', due_on: '2026-01-15' })]),
    );
    expect(body.passes.find((p) => p.worker.name === '陳無名冊')).toMatchObject({ on_roster: false, items: [] });
    expect(body.revoked_codes).toEqual([codeOf.林撤銷]);
  });
});

describe('the gate keeper', () => {
  it('lists the open sites, finds roster workers by name, and is refused everything else', async () => {
    const sites = (await api(t.app, keeper).get(`${G}/sites`)).json().data;
    expect(sites.map((s: any) => s.name).sort()).toEqual(['北區工地', '南區工地'].sort());
    const found = (await api(t.app, keeper).get(`${G}/sites/${north.id}/workers?keyword=${encodeURIComponent('逾期')}`)).json().data;
    expect(found).toEqual([expect.objectContaining({ name: '李逾期', code: codeOf.李逾期, pass_id: expect.any(Number) })]);
    const all = (await api(t.app, keeper).get(`${G}/sites/${north.id}/workers`)).json().data;
    expect(all.map((w: any) => w.name)).not.toContain('陳無名冊');
    expect(all.map((w: any) => w.name)).not.toContain('趙南區');
    expect((await api(t.app, keeper).get('/api/admin/organization/staff/index')).statusCode).toBe(403);
    expect((await api(t.app, keeper).get(`/api/admin/organization/sites/${north.id}/roster`)).statusCode).toBe(403);
    expect((await api(t.app, keeper).get(`/api/admin/organization/staff/${staffOf.王合格}`)).statusCode).toBe(403);
  });

  it('gets the photo of a roster worker to compare', async () => {
    const key = `organizations/${orgA.id}/photos/gate-test.jpg`;
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
    await t.app.storage.put(key, bytes, { contentType: 'image/jpeg' });
    await t.db.updateTable('staff').set({ photo_key: key }).where('id', '=', staffOf.李逾期!).execute();
    const res = await api(t.app, keeper).get(`${G}/sites/${north.id}/workers/${staffOf.李逾期}/photo`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/jpeg');
    expect(res.rawPayload.equals(bytes)).toBe(true);
    const found = (await api(t.app, keeper).get(`${G}/sites/${north.id}/workers?keyword=${encodeURIComponent('李')}`)).json().data;
    expect(found[0]).toMatchObject({ name: '李逾期', has_photo: true });
  });

  it('gets no photo of another site’s worker, nor of one without a photo', async () => {
    expect((await api(t.app, keeper).get(`${G}/sites/${north.id}/workers/${staffOf.趙南區}/photo`)).statusCode).toBe(404);
    expect((await api(t.app, keeper).get(`${G}/sites/${north.id}/workers/${staffOf.張他廠}/photo`)).statusCode).toBe(404);
    expect((await api(t.app, keeper).get(`${G}/sites/${north.id}/workers/${staffOf.王合格}/photo`)).statusCode).toBe(404);
  });
});
