import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from './helpers.ts';

// Issue 36: settings documents (app config, website settings, a mail template in one locale, an
// organization's reminder settings) and memberships are records with versions like any other.
let t: TestApp;
let one: string;
let other: string;
let orgAdminA: string;
let orgAdminB: string;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp();
  one = await login(t.app, await buildAdmin(t.db, { name: '王小明', roles: ['ROLE_SUPER_ADMIN'] }));
  other = await login(t.app, await buildAdmin(t.db, { name: '李大同', roles: ['ROLE_SUPER_ADMIN'] }));
  orgId = (await buildOrganization(t.db)).id;
  const admin = (name: string) => buildAdmin(t.db, { name, memberships: { [orgId]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
  orgAdminA = await login(t.app, await admin('甲'), { organizationId: orgId });
  orgAdminB = await login(t.app, await admin('乙'), { organizationId: orgId });
});
afterAll(async () => {
  await t?.close();
});

const as = (token: string) => api(t.app, token, { versions: false });
const ifMatch = (v: number | string) => ({ 'if-match': String(v) });
const auditCount = async (target: string) =>
  Number(
    (
      await t.db
        .selectFrom('audit_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('target_type', '=', target)
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastAfter = async (target: string) =>
  JSON.parse(
    (await t.db.selectFrom('audit_logs').select('after').where('target_type', '=', target).orderBy('id', 'desc').executeTakeFirstOrThrow())
      .after!,
  );

/**
 * Two reads, two writes: the second is 409 and changes nothing (no audit entry); no version is 428;
 * `*` overwrites, audited as an overwrite.
 */
async function twoPeople(opts: {
  target: string;
  read: (token: string) => Promise<{ version: number; etag?: string }>;
  write: (token: string, value: string, headers: Record<string, string>) => Promise<{ statusCode: number; body: string; json(): any }>;
  stored: () => Promise<unknown>;
  tokens: [string, string];
  fields: string[];
}) {
  const [a, b] = opts.tokens;
  const [ra, rb] = [await opts.read(a), await opts.read(b)];
  if (ra.etag !== undefined) expect(ra.etag).toBe(`"${ra.version}"`);
  const first = await opts.write(a, 'first', ifMatch(ra.version));
  expect(first.statusCode, first.body).toBe(200);
  const stored = await opts.stored();
  const audits = await auditCount(opts.target);
  const second = await opts.write(b, 'second', ifMatch(rb.version));
  expect(second.statusCode, second.body).toBe(409);
  expect(second.json().key).toBe('validate.error.edited_elsewhere');
  expect(second.json().conflict).toMatchObject({ version: rb.version + 1, fields: expect.arrayContaining(opts.fields) });
  expect(await opts.stored()).toEqual(stored);
  expect(await auditCount(opts.target)).toBe(audits);
  const none = await opts.write(b, 'second', {});
  expect(none.statusCode).toBe(428);
  expect(none.json().key).toBe('validate.error.version_required');
  expect(await auditCount(opts.target)).toBe(audits);
  const forced = await opts.write(b, 'forced', ifMatch('*'));
  expect(forced.statusCode, forced.body).toBe(200);
  expect(await opts.stored()).not.toEqual(stored);
  expect(await lastAfter(opts.target)).toMatchObject({ overwrite: true });
  expect((await opts.read(a)).version).toBe(rb.version + 2);
}

describe('settings and memberships, versioned (issue 36)', () => {
  it('app config', async () => {
    await twoPeople({
      target: 'app_config',
      tokens: [one, other],
      fields: ['supportEmail'],
      read: async (token) => {
        const res = await as(token).get('/api/admin/app-config/app');
        return { version: res.json().version, etag: res.headers.etag as string };
      },
      write: (token, value, headers) =>
        as(token).put('/api/admin/app-config/app/update', { supportEmail: `${value}@example.com` }, headers),
      stored: async () => (await as(one).get('/api/admin/app-config/app')).json().config.supportEmail,
    });
  });

  it('website settings', async () => {
    await twoPeople({
      target: 'website_settings',
      tokens: [one, other],
      fields: ['company_name'],
      read: async (token) => {
        const res = await as(token).get('/api/admin/website-settings');
        return { version: res.json().version, etag: res.headers.etag as string };
      },
      write: (token, value, headers) => as(token).put('/api/admin/website-settings/update', { company_name: `北辰營造 ${value}` }, headers),
      stored: async () => (await as(one).get('/api/admin/website-settings')).json().company_name,
    });
  });

  it('a mail template in one locale (the other locale keeps its own version)', async () => {
    const versionOf = async (token: string, locale: 'zh-TW' | 'en-US') =>
      (await as(token).get('/api/admin/mail/templates')).json().data.find((x: { name: string }) => x.name === 'password_reset').locales[
        locale
      ].version as number;
    await twoPeople({
      target: 'mail_template',
      tokens: [one, other],
      fields: ['subject'],
      read: async (token) => ({ version: await versionOf(token, 'en-US') }),
      write: (token, value, headers) =>
        as(token).put(
          '/api/admin/mail/templates/password_reset/en-US',
          { subject: `Reset (${value})`, html: '<p><a href="{{link}}">Reset</a></p>' },
          headers,
        ),
      stored: async () =>
        (await as(one).get('/api/admin/mail/templates')).json().data.find((x: { name: string }) => x.name === 'password_reset').locales[
          'en-US'
        ].subject,
    });
    expect(await versionOf(one, 'zh-TW')).toBe(0);
  });

  it("an organization's reminder settings", async () => {
    let days = 10;
    await twoPeople({
      target: 'organization',
      tokens: [orgAdminA, orgAdminB],
      fields: ['certificate_reminder_days'],
      read: async (token) => {
        const res = await as(token).get('/api/admin/certificate-reminder/settings');
        return { version: res.json().version, etag: res.headers.etag as string };
      },
      write: (token, _value, headers) => as(token).put('/api/admin/certificate-reminder/settings', { days: ++days }, headers),
      stored: async () => (await as(orgAdminA).get('/api/admin/certificate-reminder/settings')).json().days,
    });
  });

  it("a member's roles in the organization", async () => {
    const member = await buildAdmin(t.db, { memberships: { [orgId]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } });
    const roles = ['SUB_ACCOUNT_ROLE_STAFF_WRITE', 'SUB_ACCOUNT_ROLE_STAFF_READ'];
    let i = 0;
    await twoPeople({
      target: 'organization_member',
      tokens: [orgAdminA, orgAdminB],
      fields: ['sub_account_roles'],
      read: async (token) => {
        const list = (await as(token).get('/api/admin/organization/member/index?per_page=100')).json();
        return { version: list.data.find((m: { admin_id: number }) => m.admin_id === member.id).version };
      },
      write: (token, _value, headers) =>
        as(token).put(`/api/admin/organization/member/${member.id}`, { sub_account_roles: [roles[i++ % 2]] }, headers),
      stored: async () =>
        (
          await t.db
            .selectFrom('organization_members')
            .select('sub_account_roles')
            .where('admin_id', '=', member.id)
            .executeTakeFirstOrThrow()
        ).sub_account_roles,
    });
    const seen = await as(orgAdminA).get(`/api/admin/record-versions/organization_member/${orgId}:${member.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().version).toBe(2);
  });
});
