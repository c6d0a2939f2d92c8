import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { siteBrowser } from '../site/site.testkit.ts';
import { openBody } from './mail/outbox.ts';

// Issue 42, wall 2: without PUBLIC_URL the links an admin hands over (and the mails' links, the
// site's canonical links and sitemap) start at the address the admin uses, when it is one of this
// server's own; a Host header naming anything else never reaches a link.
const lanAddress =
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? '127.0.0.1';
const LAN = `${lanAddress}:3000`;

let t: TestApp;
let superToken: string;
let n = 0;
beforeAll(async () => {
  t = await createTestApp({ PORT: '3000' });
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] }));
});
afterAll(async () => {
  await t?.close();
});

const invite = (host: string, app = t) =>
  api(app.app, superToken).post(
    '/api/admin/admin',
    { email: `link-${++n}@example.com`, name: `Link ${n}`, roles: ['ROLE_BASE'] },
    { host },
  );
const lastMailText = async (app: TestApp, to: string) => {
  const row = await app.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return openBody(app.config, row.body)!.text ?? '';
};

describe('links without PUBLIC_URL', () => {
  it("hands over an invitation link on the address the admin uses when it is this machine's", async () => {
    const res = await invite(LAN);
    expect(res.statusCode, res.body).toBe(200);
    const { handover, sent_to } = res.json().invitation;
    expect(handover.link).toMatch(new RegExp(`^http://${LAN.replace(/\./g, '\\.')}/send-reset-password-email\\?token=`));
    // The queued mail carries the same origin.
    expect(await lastMailText(t, sent_to)).toContain(`http://${LAN}/send-reset-password-email?token=`);
  });

  it('refuses a forged Host header, another port or a user part: the link keeps the server’s own address', async () => {
    for (const host of ['evil.example:3000', 'evil.example', `${lanAddress}:4000`, `user@${LAN}`, `${LAN}/x`]) {
      const res = await invite(host);
      expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
      const link: string = res.json().invitation.handover.link;
      expect(link.startsWith(`${t.config.publicUrl}/send-reset-password-email?token=`), `${host}: ${link}`).toBe(true);
      expect(link).not.toContain('evil');
      expect(await lastMailText(t, res.json().invitation.sent_to)).not.toContain('evil');
    }
  });

  it("names the member confirmation link, the canonical link and the sitemap's on the admin's address", async () => {
    const address = `member-${Date.now()}@example.com`;
    const res = await api(t.app).post(
      '/api/member/account/sign-up',
      { email: address, password: 'Memb3r-Passw0rd', name: 'M' },
      { host: LAN },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastMailText(t, address)).toContain(`http://${LAN}/site/member/confirm?token=`);

    const sitemap = await t.app.inject({ method: 'GET', url: '/site/sitemap.xml', headers: { host: LAN } });
    expect(sitemap.body).toContain(`<loc>http://${LAN}/site`);
    const forged = await t.app.inject({ method: 'GET', url: '/site/sitemap.xml', headers: { host: 'evil.example:3000' } });
    expect(forged.body).not.toContain('evil.example');
    expect(forged.body).toContain(`<loc>${t.config.site.url}`);

    const home = await t.app.inject({ method: 'GET', url: '/site/', headers: { host: LAN } });
    expect(home.body).toContain(`<link rel="canonical" href="http://${LAN}/site`);
    const forgedHome = await t.app.inject({ method: 'GET', url: '/site/', headers: { host: 'evil.example:3000' } });
    expect(forgedHome.body).not.toContain('evil.example');
  });

  it("builds a confirmation link asked for through the website's own sign-up form on the visitor's host, never a forged one", async () => {
    for (const [host, origin] of [
      [LAN, `http://${LAN}`],
      ['evil.example:3000', t.config.publicUrl],
    ] as const) {
      const browser = siteBrowser(t.app, host);
      const address = `form-${++n}-${Date.now()}@example.com`;
      await browser.get('/site/member/sign-up');
      const res = await browser.post('/site/member/sign-up', { name: '陳大文', email: address, password: 'Memb3r-Passw0rd' });
      expect(res.statusCode, res.body).toBe(303);
      const text = await lastMailText(t, address);
      expect(text).toContain(`${origin}/site/member/confirm?token=`);
      expect(text).not.toContain('evil');
    }
  });

  it('tells the overview whether links open on this machine only', async () => {
    const local = (await api(t.app, superToken).get('/api/admin/mail/status', { host: 'localhost:3000' })).json();
    expect(local).toMatchObject({ link_origin: 'http://localhost:3000', links_local: true });
    const lan = (await api(t.app, superToken).get('/api/admin/mail/status', { host: LAN })).json();
    expect(lan).toMatchObject({ link_origin: `http://${LAN}`, links_local: lanAddress === '127.0.0.1' });
  });

  it('keeps PUBLIC_URL whatever address the admin uses', async () => {
    const configured = await createTestApp({ PORT: '3000', PUBLIC_URL: 'https://admin.example.com' });
    try {
      const token = await login(configured.app, await buildAdmin(configured.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] }));
      const res = await api(configured.app, token).post(
        '/api/admin/admin',
        { email: 'configured@example.com', name: 'C', roles: ['ROLE_BASE'] },
        { host: LAN },
      );
      expect(res.json().invitation.handover.link).toMatch(/^https:\/\/admin\.example\.com\/send-reset-password-email\?token=/);
      const status = (await api(configured.app, token).get('/api/admin/mail/status', { host: LAN })).json();
      expect(status).toMatchObject({ link_origin: 'https://admin.example.com', links_local: false });
    } finally {
      await configured.close();
    }
  });
});
