import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASS_CODE_PATTERN } from '@bo/shared/schemas/gate';
import { isTaiwanNationalId, maskNationalId } from '@bo/shared/schemas/staff';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { PassTokens } from '../../lib/gate/pass-token.ts';
import { buildContractor, buildRoster, buildSite } from '../compliance/compliance.test-helpers.ts';
import { samplePhoto } from '../staff-excel/staff-excel.fixtures.ts';
import { buildStaff, upload } from '../staff/staff.test-helpers.ts';

let t: TestApp;
let orgA: number;
let orgB: number;
let adminA: string;
let readerA: string;
let gateA: string;
let adminB: string;
/** The national ids of the workers made here: no answer of the passes' routes may carry one, whole or masked. */
const NATIONAL_IDS: string[] = [];
const nextNationalId = () => {
  const head = `A1${String(NATIONAL_IDS.length + 1).padStart(7, '0')}`;
  const id = [...'0123456789'].map((d) => head + d).find(isTaiwanNationalId)!;
  NATIONAL_IDS.push(id);
  return id;
};
const sites = '/api/admin/organization/sites';
const as = (tk?: string) => api(t.app, tk);
const passesOf = (siteId: number) => `${sites}/${siteId}/passes`;

/** Every answer of the passes' routes goes through here. */
const noNationalId = (body: string) => {
  expect(body).not.toContain('national_id');
  for (const id of NATIONAL_IDS) {
    expect(body).not.toContain(id);
    expect(body).not.toContain(maskNationalId(id));
  }
};
const json = (res: { body: string; json(): any }) => {
  noNationalId(res.body);
  return res.json();
};

const auditOf = (targetId: number) =>
  t.db
    .selectFrom('audit_logs')
    .select(['action', 'target_label', 'after'])
    .where('target_type', '=', 'site_pass')
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();

/** A site of organization A with workers on its roster today (one a subcontractor's), and some who are not. */
async function siteWithRoster(name: string) {
  const site = await buildSite(t.db, orgA, name);
  const own = await buildStaff(t.db, orgA, { name: `${name}-自有`, national_id: nextNationalId(), job_title: '鋼筋工' }, t.app.config);
  const sub = await buildStaff(t.db, orgA, { name: `${name}-協力` });
  const contractor = await buildContractor(t.db, orgA, `${name}工程行`);
  await t.db.updateTable('staff').set({ contractor_id: contractor.id }).where('id', '=', sub.id).execute();
  const ended = await buildStaff(t.db, orgA, { name: `${name}-離場` });
  const future = await buildStaff(t.db, orgA, { name: `${name}-未到` });
  const stranger = await buildStaff(t.db, orgA, { name: `${name}-他處` });
  await buildRoster(t.db, orgA, site.id, own.id);
  await buildRoster(t.db, orgA, site.id, sub.id);
  const at = new Date().toISOString();
  await t.db
    .insertInto('site_roster')
    .values(
      [
        {
          organization_id: orgA,
          site_id: site.id,
          staff_id: ended.id,
          site_role: 'worker',
          starts_on: '2026-01-01',
          ends_on: '2026-03-14',
        },
        { organization_id: orgA, site_id: site.id, staff_id: future.id, site_role: 'worker', starts_on: '2026-03-16', ends_on: null },
      ].map((r) => ({ ...r, created_at: at, updated_at: at })),
    )
    .execute();
  return { site, own, sub, contractor, ended, future, stranger };
}

beforeAll(async () => {
  // A fixed Taipei day (2026-03-15): a roster row ended on the 14th or starting on the 16th is not today's.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T02:00:00Z') });
  t = await createTestApp();
  orgA = (await buildOrganization(t.db)).id;
  orgB = (await buildOrganization(t.db)).id;
  const member = async (org: number, role: string) =>
    login(t.app, await buildAdmin(t.db, { memberships: { [org]: [role] } }), { organizationId: org });
  adminA = await member(orgA, 'SUB_ACCOUNT_ROLE_ADMIN');
  readerA = await member(orgA, 'SUB_ACCOUNT_ROLE_STAFF_READ');
  gateA = await member(orgA, 'SUB_ACCOUNT_ROLE_GATE');
  adminB = await member(orgB, 'SUB_ACCOUNT_ROLE_ADMIN');
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('issuing passes', () => {
  it("issues a pass to every worker on today's roster, skips those off it and those holding one, and audits each", async () => {
    const { site, own, sub, contractor } = await siteWithRoster('信義');
    const res = await as(adminA).post(passesOf(site.id), {});
    expect(res.statusCode, res.body).toBe(200);
    const first = json(res);
    expect(first.issued).toBe(2);
    expect(first.data.map((p: { staff_id: number }) => p.staff_id)).toEqual([own.id, sub.id]);
    const [ownPass, subPass] = first.data;
    expect(ownPass).toMatchObject({
      site_id: site.id,
      site_name: '信義',
      staff_name: '信義-自有',
      contractor_name: null,
      job_title: '鋼筋工',
      has_photo: false,
      serial: 1,
      revoked_at: null,
      revoked_reason: null,
      replaced_by_id: null,
    });
    // The organization's own worker carries its name; a subcontractor's worker the subcontractor's.
    const orgName = (await t.db.selectFrom('organizations').select('name').where('id', '=', orgA).executeTakeFirstOrThrow()).name;
    expect(ownPass.company_name).toBe(orgName);
    expect(subPass).toMatchObject({ contractor_name: contractor.name, company_name: contractor.name });
    // The QR names the pass (code and serial, signed), never the person.
    expect(ownPass.code).toMatch(PASS_CODE_PATTERN);
    expect(ownPass.code).not.toBe(subPass.code);
    expect(new PassTokens(t.app.config.jwtSecret).read(ownPass.qr)).toEqual({ kind: 'qr', code: ownPass.code, serial: 1 });

    // Again: both hold a pass already; nothing new, the same passes answered.
    const again = json(await as(adminA).post(passesOf(site.id), { staff_ids: [own.id, sub.id, own.id] }));
    expect(again.issued).toBe(0);
    expect(again.data.map((p: { id: number }) => p.id)).toEqual([ownPass.id, subPass.id]);
    expect(await t.db.selectFrom('site_passes').select('id').where('site_id', '=', site.id).execute()).toHaveLength(2);

    const audit = await auditOf(ownPass.id);
    expect(audit.map((a) => a.action)).toEqual(['issue']);
    expect(audit[0]!.target_label).toBe(`信義-自有 (${ownPass.code})`);
    noNationalId(JSON.stringify(audit));

    const list = json(await as(readerA).get(passesOf(site.id)));
    expect(list.meta.total).toBe(2);
    expect(
      json(await as(readerA).get(`${passesOf(site.id)}?keyword=${encodeURIComponent('協力')}`)).data.map((p: { id: number }) => p.id),
    ).toEqual([subPass.id]);
  });

  it("refuses a worker not on today's roster (ended, not yet started, never there, another organization's) with 400 and issues nothing", async () => {
    const { site, own, ended, future, stranger } = await siteWithRoster('大安');
    const otherOrgs = await buildStaff(t.db, orgB);
    for (const id of [ended.id, future.id, stranger.id, otherOrgs.id]) {
      const res = await as(adminA).post(passesOf(site.id), { staff_ids: [own.id, id] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ staff_ids: ['validate.error.invalid'] });
    }
    expect(await t.db.selectFrom('site_passes').select('id').where('site_id', '=', site.id).execute()).toEqual([]);
  });

  it('refuses bad bodies with 400, never a 500', async () => {
    const { site } = await siteWithRoster('中山');
    for (const body of [{ staff_ids: [] }, { staff_ids: ['x'] }, { staff_ids: [0] }, { staff_ids: [2 ** 40] }, { staff_ids: 'all' }]) {
      const res = await as(adminA).post(passesOf(site.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const [field, keys] = Object.entries(res.json().errors as Record<string, string[]>)[0]!;
      expect(field, JSON.stringify(body)).toMatch(/^staff_ids/);
      expect(keys[0], JSON.stringify(body)).toMatch(/^validate\.error\./);
    }
    const [pass] = json(await as(adminA).post(passesOf(site.id), {})).data;
    for (const reason of [undefined, 'reissued', 'gone'])
      expect((await as(adminA).post(`${passesOf(site.id)}/${pass.id}/revoke`, { reason })).statusCode, String(reason)).toBe(400);
    expect((await as(adminA).post(`${passesOf(site.id)}/${pass.id}/reissue`, { reason: 'left_site' })).statusCode).toBe(400);
    expect((await as(adminA).post(`${passesOf(site.id)}/x/revoke`, { reason: 'lost' })).statusCode).toBe(400);
    expect((await as(adminA).get(`${passesOf(site.id)}?state=old`)).statusCode).toBe(400);
  });
});

describe('codes and organizations', () => {
  it('gives a worker one current pass however many issues arrive at once', async () => {
    const { site, own, sub } = await siteWithRoster('同時');
    const answers = await Promise.all([1, 2, 3].map(() => as(adminA).post(passesOf(site.id), {})));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(answers.reduce((n, a) => n + json(a).issued, 0)).toBe(2);
    const current = await t.db
      .selectFrom('site_passes')
      .select(['staff_id'])
      .where('site_id', '=', site.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(current.map((r) => r.staff_id).sort()).toEqual([own.id, sub.id].sort());
  });

  it('tries a new code when the one drawn is taken (the unique index), on both databases', async () => {
    const { site, own, sub } = await siteWithRoster('文山');
    const [first] = json(await as(adminA).post(passesOf(site.id), { staff_ids: [own.id] })).data;
    const draw = vi.spyOn(PassTokens, 'newCode').mockReturnValueOnce(first.code).mockReturnValueOnce(first.code);
    try {
      const res = await as(adminA).post(passesOf(site.id), { staff_ids: [sub.id] });
      expect(res.statusCode, res.body).toBe(200);
      const [second] = json(res).data;
      expect(second.code).not.toBe(first.code);
      expect(draw).toHaveBeenCalledTimes(3);
    } finally {
      draw.mockRestore();
    }
  });

  it('goes with its organization', async () => {
    const org = (await buildOrganization(t.db)).id;
    const admin = await login(t.app, await buildAdmin(t.db, { memberships: { [org]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), {
      organizationId: org,
    });
    const site = await buildSite(t.db, org, '將拆');
    const worker = await buildStaff(t.db, org);
    await buildRoster(t.db, org, site.id, worker.id);
    expect(json(await as(admin).post(passesOf(site.id), {})).issued).toBe(1);
    const sa = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] }));
    const gone = await as(sa).delete(`/api/admin/admin-organization/${org}?confirm=true`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await t.db.selectFrom('site_passes').select('id').where('organization_id', '=', org).execute()).toEqual([]);
  });
});

describe('revoking and reissuing', () => {
  it('reissues a lost pass: the old row is revoked and names the new one (new code, next serial); the old QR is refused', async () => {
    const { site, own } = await siteWithRoster('松山');
    const [old] = json(await as(adminA).post(passesOf(site.id), { staff_ids: [own.id] })).data;
    const res = await as(adminA).post(`${passesOf(site.id)}/${old.id}/reissue`, {});
    expect(res.statusCode, res.body).toBe(200);
    const made = json(res);
    expect(made).toMatchObject({ staff_id: own.id, serial: 2, revoked_at: null, replaced_by_id: null });
    expect(made.code).not.toBe(old.code);
    expect(made.qr).not.toBe(old.qr);

    const row = await t.db.selectFrom('site_passes').selectAll().where('id', '=', old.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ revoked_reason: 'lost', replaced_by_id: made.id });
    expect(row.revoked_at).not.toBeNull();
    // The old QR still reads as a signed QR, but names a revoked row: the gate refuses it.
    const read = new PassTokens(t.app.config.jwtSecret).read(old.qr);
    expect(read).toEqual({ kind: 'qr', code: old.code, serial: 1 });
    const named = await t.db.selectFrom('site_passes').select(['revoked_at']).where('code', '=', old.code).executeTakeFirstOrThrow();
    expect(named.revoked_at).not.toBeNull();

    const revoked = json(await as(readerA).get(`${passesOf(site.id)}?state=revoked`)).data;
    expect(revoked).toEqual([expect.objectContaining({ id: old.id, qr: null, revoked_reason: 'lost', replaced_by_id: made.id })]);
    expect(json(await as(readerA).get(passesOf(site.id))).data.map((p: { id: number }) => p.id)).toEqual([made.id]);
    expect(json(await as(readerA).get(`${passesOf(site.id)}?state=all`)).meta.total).toBe(2);

    // A revoked pass is neither revoked nor reissued again, nor linked to a phone.
    for (const [path, body] of [
      ['reissue', {}],
      ['revoke', { reason: 'lost' }],
      ['phone-link', {}],
    ] as const) {
      const again = await as(adminA).post(`${passesOf(site.id)}/${old.id}/${path}`, body);
      expect(again.statusCode, path).toBe(400);
      expect(again.json().errors, path).toEqual({ id: ['validate.error.invalid'] });
    }
    expect((await auditOf(old.id)).map((a) => a.action)).toEqual(['issue', 'revoke']);
    expect((await auditOf(made.id)).map((a) => a.action)).toEqual(['reissue']);

    // Issuing again to the worker keeps the current (reissued) pass.
    expect(json(await as(adminA).post(passesOf(site.id), { staff_ids: [own.id] })).issued).toBe(0);
  });

  it('revokes a pass (left the site); issuing again makes a new pass with the next serial', async () => {
    const { site, sub } = await siteWithRoster('萬華');
    const [pass] = json(await as(adminA).post(passesOf(site.id), { staff_ids: [sub.id] })).data;
    const res = await as(adminA).post(`${passesOf(site.id)}/${pass.id}/revoke`, { reason: 'left_site' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ id: pass.id, qr: null, revoked_reason: 'left_site', replaced_by_id: null });
    expect(res.json().revoked_at).toBe(new Date().toISOString());
    expect((await auditOf(pass.id)).map((a) => a.action)).toEqual(['issue', 'revoke']);

    const again = json(await as(adminA).post(passesOf(site.id), { staff_ids: [sub.id] }));
    expect(again.issued).toBe(1);
    expect(again.data[0]).toMatchObject({ serial: 2, revoked_at: null });
  });
});

describe('the phone pass', () => {
  it('opens the public pass from a signed link: name, company, site, code and QR, no national id; a revoked pass or a tampered token is 404', async () => {
    const { site, own } = await siteWithRoster('內湖');
    const [pass] = json(await as(adminA).post(passesOf(site.id), { staff_ids: [own.id] })).data;
    const res = await as(adminA).post(`${passesOf(site.id)}/${pass.id}/phone-link`);
    expect(res.statusCode, res.body).toBe(200);
    const link = json(res);
    expect(link.expires_at).toBe(new Date(Date.parse('2026-03-15T02:00:00Z') + 180 * 86_400_000).toISOString());
    const token = link.url.split('/pass/')[1];
    expect(link.url).toBe(`${t.config.publicUrl}/pass/${token}`);
    expect((await auditOf(pass.id)).map((a) => a.action)).toEqual(['issue', 'phone_link']);
    expect(JSON.stringify(await auditOf(pass.id))).not.toContain(token);

    // No token, no fingerprint: the worker's phone.
    const open = await t.app.inject({ method: 'GET', url: `/api/public/passes/${token}` });
    expect(open.statusCode, open.body).toBe(200);
    const phone = json(open);
    expect(phone).toEqual({
      staff_name: '內湖-自有',
      company_name: pass.company_name,
      site_name: '內湖',
      job_title: '鋼筋工',
      code: pass.code,
      qr: pass.qr,
      has_photo: false,
      issued_at: pass.issued_at,
    });
    expect(open.body).not.toMatch(/birthday|1990-01-02|blood|health|mobile|0912345678/);
    expect(open.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ method: 'GET', url: `/api/public/passes/${token}/photo` })).statusCode).toBe(404);

    // Tampered: another pass id, a later expiry, an altered signature, garbage.
    const [id, issued, expires, signer, sig] = token.split('.');
    for (const bad of [
      `${Number(id) + 1}.${issued}.${expires}.${signer}.${sig}`,
      `${id}.${issued}.${Number(expires) + 1}.${signer}.${sig}`,
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
      'x',
      `${token}.x`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/public/passes/${encodeURIComponent(bad)}` })).statusCode, bad).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/public/passes/${encodeURIComponent(bad)}/photo` })).statusCode, bad).toBe(404);
    }

    // Reissued (the old pass revoked): its link no longer opens.
    const made = json(await as(adminA).post(`${passesOf(site.id)}/${pass.id}/reissue`, { reason: 'revoked' }));
    expect((await t.app.inject({ method: 'GET', url: `/api/public/passes/${token}` })).statusCode).toBe(404);
    const fresh = json(await as(adminA).post(`${passesOf(site.id)}/${made.id}/phone-link`)).url.split('/pass/')[1];
    expect(json(await t.app.inject({ method: 'GET', url: `/api/public/passes/${fresh}` })).code).toBe(made.code);
  });

  it("serves the worker's photo to the badge sheet and the phone pass", async () => {
    const { site, own } = await siteWithRoster('北投');
    const up = await upload(
      t.app,
      adminA,
      `/api/admin/organization/staff/${own.id}/photo`,
      {},
      {
        name: 'me.png',
        data: await samplePhoto(),
        type: 'image/png',
      },
    );
    expect(up.statusCode, up.body).toBe(200);
    const [pass] = json(await as(adminA).post(passesOf(site.id), { staff_ids: [own.id] })).data;
    expect(pass.has_photo).toBe(true);
    const badge = await as(readerA).get(`${passesOf(site.id)}/${pass.id}/photo`);
    expect(badge.statusCode).toBe(200);
    expect(badge.headers['content-type']).toMatch(/^image\//);
    const token = json(await as(adminA).post(`${passesOf(site.id)}/${pass.id}/phone-link`)).url.split('/pass/')[1];
    const phone = await t.app.inject({ method: 'GET', url: `/api/public/passes/${token}/photo` });
    expect(phone.statusCode).toBe(200);
    expect(phone.rawPayload.equals(badge.rawPayload)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/passes/${token}` })).json().has_photo).toBe(true);
  });

  it('paces the public pass per client address (429)', async () => {
    const { site, own } = await siteWithRoster('南港');
    const [pass] = json(await as(adminA).post(passesOf(site.id), { staff_ids: [own.id] })).data;
    const token = json(await as(adminA).post(`${passesOf(site.id)}/${pass.id}/phone-link`)).url.split('/pass/')[1];
    const open = () => t.app.inject({ method: 'GET', url: `/api/public/passes/${token}`, remoteAddress: '10.39.0.1' });
    for (let i = 0; i < 60; i++) expect((await open()).statusCode).toBe(200);
    const limited = await open();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/passes/${token}`, remoteAddress: '10.39.0.2' })).statusCode).toBe(200);
  });
});

describe('refusals', () => {
  it('answers the gate keeper 403 and a reader 403 on writes, another organization 404 on every route, no token 401', async () => {
    const { site, own } = await siteWithRoster('士林');
    const [pass] = json(await as(adminA).post(passesOf(site.id), { staff_ids: [own.id] })).data;
    const p = `${passesOf(site.id)}/${pass.id}`;
    const calls = (tk: string) => [
      () => as(tk).get(passesOf(site.id)),
      () => as(tk).post(passesOf(site.id), {}),
      () => as(tk).post(`${p}/revoke`, { reason: 'lost' }),
      () => as(tk).post(`${p}/reissue`, {}),
      () => as(tk).post(`${p}/phone-link`),
      () => as(tk).get(`${p}/photo`),
    ];
    for (const call of calls(gateA)) expect((await call()).statusCode).toBe(403);
    for (const call of calls(adminB)) expect((await call()).statusCode).toBe(404);
    for (const call of calls(readerA).slice(1, 5)) expect((await call()).statusCode).toBe(403);
    expect((await as().get(passesOf(site.id))).statusCode).toBe(401);

    // A pass named under another site of the same organization is out of reach there.
    const other = await buildSite(t.db, orgA, '別的工地');
    expect((await as(adminA).post(`${passesOf(other.id)}/${pass.id}/revoke`, { reason: 'lost' })).statusCode).toBe(404);
    expect((await as(adminA).get(`${passesOf(other.id)}/${pass.id}/photo`)).statusCode).toBe(404);
    expect((await as(adminA).get(passesOf(999_999))).statusCode).toBe(404);

    const row = await t.db.selectFrom('site_passes').select('revoked_at').where('id', '=', pass.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });
});
