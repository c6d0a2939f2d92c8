import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import type { CollectedRoute } from './route-collector.ts';

// Every route the app registers, collected by an onRoute hook added the moment Fastify is created.
const routes = vi.hoisted(() => [] as CollectedRoute[]);
vi.mock('fastify', async (original) => (await import('./route-collector.ts')).collectingFastify(await original(), routes));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}); // builds the app: every module registers its routes
afterAll(async () => {
  await t?.close();
});

describe('route declarations', () => {
  it('collects the routes of every module', () => {
    const urls = routes.map((r) => r.url);
    expect(urls).toContain('/api/admin/account/login');
    expect(urls).toContain('/api/admin/audit-log/index');
    expect(urls).toContain('/api/admin/app-config/:name/update');
  });

  it('declares config.roles on every /api route except the API reference', () => {
    const missing = routes
      .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'))
      .filter((r) => {
        const roles = (r.config as { roles?: unknown } | undefined)?.roles;
        return !(roles === 'public' || roles === 'member' || (Array.isArray(roles) && roles.every((x) => typeof x === 'string')));
      })
      .map((r) => `${[r.method].flat().join(',')} ${r.url}`);
    expect(missing).toEqual([]);
  });

  // Open to any signed-in admin ([]) or to anyone ('public'): only self-service and sign-in. A route
  // added to either list by mistake fails here until it is reviewed and listed.
  const routeList = (pick: (roles: unknown) => boolean) =>
    routes
      .filter(
        (r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && pick((r.config as { roles?: unknown } | undefined)?.roles),
      )
      .flatMap((r) =>
        [r.method]
          .flat()
          .filter((m) => m !== 'HEAD')
          .map((m) => `${m} ${r.url}`),
      )
      .sort();

  it('opens only self-service routes to every signed-in admin', () => {
    expect(routeList((roles) => Array.isArray(roles) && roles.length === 0)).toEqual(
      [
        'DELETE /api/admin/account/batch-logout-device',
        'DELETE /api/admin/account/logout-device/:id',
        'GET /api/admin/account/login-device',
        'GET /api/admin/account/organizations',
        'GET /api/admin/account/profile',
        'GET /api/admin/account/sub-account/index',
        'PUT /api/admin/account/logout',
        'PUT /api/admin/account/profile',
        'PUT /api/admin/account/renew',
        'PUT /api/admin/account/reset-password',
        'PUT /api/admin/account/email',
        'POST /api/admin/account/email/confirm',
        'DELETE /api/admin/account/email',
        'DELETE /api/admin/account/other-devices',
        'GET /api/admin/account/identities',
        'DELETE /api/admin/account/identities/:provider',
        'POST /api/admin/account/oauth-link-url/:provider',
        'POST /api/admin/account/oauth-link/:provider',
        'POST /api/admin/account/verify-identity',
        'POST /api/admin/account/verify-identity/send-code',
        'GET /api/admin/account/two-factor',
        'POST /api/admin/account/two-factor/setup',
        'POST /api/admin/account/two-factor/enable',
        'POST /api/admin/account/two-factor/recovery-codes',
        'DELETE /api/admin/account/two-factor',
        // Issue 33: the caller's own work a killed server never finished, and dismissing its notice.
        'GET /api/admin/work-runs/interrupted',
        'DELETE /api/admin/work-runs/interrupted/:id',
        // Issue 36: a record's version for an open form; the record's own read roles are checked inside (404 otherwise).
        'GET /api/admin/record-versions/:target_type/:target_key',
        // Issue 36: edit leases; the record's own resource then decides (its read roles and organization).
        'POST /api/admin/edit-leases',
        'DELETE /api/admin/edit-leases',
        'POST /api/admin/edit-leases/take-over',
        'GET /api/admin/edit-leases',
      ].sort(),
    );
  });

  it('opens only sign-in, settings, signed links and the public content API to callers without a token', () => {
    expect(routeList((roles) => roles === 'public')).toEqual(
      [
        'GET /api/files/public/*',
        'GET /api/files/signed/:a/:b',
        'GET /api/settings',
        // Liveness and readiness for load balancers (modules/health): no data.
        'GET /api/health',
        'GET /api/health/ready',
        'POST /api/admin/account/login',
        'POST /api/admin/account/login-via-email-otp',
        'POST /api/admin/account/oauth-login/:provider',
        'POST /api/admin/account/oauth-url/:provider',
        'POST /api/admin/account/password-link',
        'POST /api/admin/account/reset-password-by-mail',
        'POST /api/admin/account/send-reset-password-mail',
        'POST /api/admin/account/two-factor/login',
        'POST /api/admin/account/two-factor/login/setup',
        // Issue 11: the public content API (read-only, published content) and the site's contact form.
        'GET /api/public/banners',
        'GET /api/public/page-categories',
        'GET /api/public/pages',
        'GET /api/public/pages/:type/:slug',
        // Issue 39: a worker's phone pass, opened from the signed link the office hands over.
        'GET /api/public/passes/:token',
        'GET /api/public/passes/:token/photo',
        // Issue 12: the public product reads.
        'GET /api/public/product-categories',
        'GET /api/public/products',
        'GET /api/public/products/:slug',
        'GET /api/public/videos',
        'POST /api/public/contact',
        // Issue 26: the website's identity (company name, logo, contact), defaults applied.
        'GET /api/public/website',
        // Issue 26: a draft's preview, opened by a signed link (the signature is checked by the route).
        'GET /api/public/preview/banner/:id',
        'GET /api/public/preview/page/:id',
        'GET /api/public/preview/product/:id',
        // Issue 12: a member's sign-up and sign-in, before it has a token.
        'POST /api/member/account/sign-up',
        'POST /api/member/account/confirm',
        'POST /api/member/account/login',
        'POST /api/member/account/login-via-email-otp',
        'POST /api/member/account/oauth-url/:provider',
        'POST /api/member/account/oauth-login/:provider',
        'POST /api/member/account/send-reset-password-mail',
        'POST /api/member/account/reset-password-by-mail',
        // Issue 26: the sign-up's confirmation mail again.
        'POST /api/member/account/resend-confirmation',
      ].sort(),
    );
  });

  it('opens to a member token only the member routes under /api/member', () => {
    expect(routeList((roles) => roles === 'member')).toEqual(
      [
        'GET /api/member/account/profile',
        'PUT /api/member/account/profile',
        'POST /api/member/account/renew',
        'POST /api/member/account/logout',
        // Issue 26: the member's own e-mail and password change.
        'PUT /api/member/account/email',
        'POST /api/member/account/email/confirm',
        'DELETE /api/member/account/email',
        'PUT /api/member/account/password',
      ].sort(),
    );
    const stray = routes.filter(
      (r) => r.url.startsWith('/api/member/') && !['public', 'member'].includes(String((r.config as { roles?: unknown }).roles)),
    );
    expect(stray.map((r) => r.url)).toEqual([]);
  });

  // Issue 12: the company website (apps/server/src/site) is not API: server-rendered pages, forms and
  // files under /site, all public, none asking for a fingerprint, none in the API reference.
  it('declares every route of the website public, without a fingerprint, and hides it from the API reference', () => {
    const site = routes.filter((r) => r.url === '/site' || r.url.startsWith('/site/'));
    expect(site.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/site', '/site/en', '/site/news/:slug', '/site/en/member/sign-in', '/site/sitemap.xml', '/site/robots.txt']),
    );
    const wrong = site
      .filter((r) => {
        const config = r.config as { roles?: unknown; fingerprint?: unknown } | undefined;
        return config?.roles !== 'public' || config.fingerprint !== false || (r.schema as { hide?: boolean } | undefined)?.hide !== true;
      })
      .map((r) => `${[r.method].flat().join(',')} ${r.url}`);
    expect(wrong).toEqual([]);
  });
});
