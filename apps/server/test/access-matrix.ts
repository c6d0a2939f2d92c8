/**
 * The access matrix, written by hand from spec section 6 and the issues, NOT derived from the
 * server's own role declarations: what each kind of caller SHOULD get from every /api route.
 * access-matrix.test.ts runs every cell against a real app and fails when a registered /api route
 * has no row here (or a row names a route that is no longer registered).
 *
 * Columns (in this order):
 *   super       ROLE_SUPER_ADMIN + ROLE_BASE, acting in organization A (not a member of it)
 *   base        ROLE_BASE, no organization
 *   orgAAdmin   SUB_ACCOUNT_ROLE_ADMIN in organization A, no ROLE_ role
 *   orgAReader  SUB_ACCOUNT_ROLE_STAFF_READ in organization A, no ROLE_ role
 *   orgBAdmin   SUB_ACCOUNT_ROLE_ADMIN in organization B, no ROLE_ role
 *   maintainer  ROLE_MAINTAINER only (passes every role check, spec section 6; member of no organization)
 *   anonymous   no token
 *
 * Cell values: an exact status, or OK = "got past access control": below 500 and not 401/403
 * (use OK where the route's own body rules decide the rest, e.g. a multipart upload sent as JSON).
 * Another organization's row is 404, not 403 (ARCHITECTURE "Lists").
 *
 * HOW TO ADD A ROW when you register a route:
 *   1. Copy a row of a similar route; `route` is `METHOD /path/{param}` exactly as in /api/docs.
 *   2. `request(f)` returns the url (and body) to send; take ids from the fixtures `f` (stable rows
 *      in organizations A and B) or create a fresh row per call (`await f.freshAdminInA()`) when the
 *      call deletes or changes what it touches, so the order of the columns does not matter.
 *   3. Decide each column by asking what that caller should get, from the spec and the issue — do not
 *      copy it from the route's `config.roles`; a mismatch is then a finding, not a typo.
 *   4. `freshSession: true` when the call ends or replaces the caller's session (logout, password).
 */
export type Expect = number | 'OK';
export const OK = 'OK' as const;
export const ACTORS = ['super', 'base', 'orgAAdmin', 'orgAReader', 'orgBAdmin', 'maintainer', 'anonymous'] as const;
export type ActorName = (typeof ACTORS)[number];

export interface Fixtures {
  orgA: number;
  orgB: number;
  /** A plain member of organization A (no roles), never changed by a row. */
  adminInA: number;
  staffInA: number;
  auditId: number;
  uniqueEmail(): string;
  freshAdminInA(): Promise<{ id: number; email: string }>;
  freshOrganization(): Promise<number>;
  freshGroup(): Promise<number>;
  freshStaffInA(): Promise<number>;
  /** Issue 38: a site, a contractor, and a roster row (on a fresh site) of organization A. */
  freshSiteInA(): Promise<number>;
  freshContractorInA(): Promise<number>;
  freshRosterRowInA(): Promise<{ siteId: number; rowId: number }>;
}

type Sent = { url: string; body?: unknown; remoteAddress?: string };

export interface MatrixRow {
  route: string;
  /** `remoteAddress`: the client address the call comes from (a public form paced per address). */
  request(f: Fixtures): Promise<Sent> | Sent;
  expect: readonly [Expect, Expect, Expect, Expect, Expect, Expect, Expect];
  freshSession?: boolean;
}

const get = (url: string) => () => ({ url });
const row = (route: string, request: MatrixRow['request'], expect: MatrixRow['expect'], extra: Partial<MatrixRow> = {}): MatrixRow => ({
  route,
  request,
  expect,
  ...extra,
});

// Common column patterns, spelled out once.           super base orgAAdm orgARdr orgBAdm maint anon
const SIGNED_IN = [200, 200, 200, 200, 200, 200, 401] as const;
const SUPER_ONLY = [200, 403, 403, 403, 403, 200, 401] as const;
const APPEND_ONLY = [405, 403, 403, 403, 403, 405, 401] as const;
/** ROLE_BASE passes for any ROLE_ role; sub-account roles are not admin roles. */
const ANY_ADMIN_ROLE = [OK, OK, 403, 403, 403, OK, 401] as const;
/** ROLE_PHOTO only (a super admin without ROLE_PHOTO is refused: spec section 6 has no super-admin bypass). */
const PHOTO_ROLE = [403, 403, 403, 403, 403, OK, 401] as const;
/** Staff readers of their organization; the super admin (no staff role) and the maintainer (no organization) are refused. */
const STAFF_READ_OWN_ORG = [403, 403, 200, 200, 200, 403, 401] as const;
/** Certificate compliance and the expiry check (issue 26): also super admins (and ROLE_STAFF) in every organization. */
const STAFF_READ_EVERY_ORG = [200, 403, 200, 200, 200, 403, 401] as const;
const STAFF_READ_ROW_IN_A = [403, 403, OK, OK, 404, 403, 401] as const;
const STAFF_WRITE_OWN_ORG = [403, 403, OK, 403, OK, 403, 401] as const;
const STAFF_WRITE_ROW_IN_A = [403, 403, OK, 403, 404, 403, 401] as const;
/** Site content (issue 11): the module's role or a super admin; none of the matrix's columns holds ROLE_VIDEO etc. */
const CONTENT = [OK, 403, 403, 403, 403, OK, 401] as const;
const PUBLIC = [200, 200, 200, 200, 200, 200, 200] as const;
const MISSING = 999_999;
let contactSender = 0;

export const ACCESS_MATRIX: MatrixRow[] = [
  // Public
  row('GET /api/settings', get('/api/settings'), [200, 200, 200, 200, 200, 200, 200]),
  // Load balancers and orchestrators probe these without a token (modules/health).
  row('GET /api/health', get('/api/health'), [200, 200, 200, 200, 200, 200, 200]),
  row('GET /api/health/ready', get('/api/health/ready'), [200, 200, 200, 200, 200, 200, 200]),
  row('POST /api/admin/account/login', () => ({ url: '/api/admin/account/login', body: {} }), [400, 400, 400, 400, 400, 400, 400]),
  row(
    'POST /api/admin/account/send-reset-password-mail',
    () => ({ url: '/api/admin/account/send-reset-password-mail', body: { email: 'not-an-email' } }),
    [400, 400, 400, 400, 400, 400, 400],
  ),
  row(
    'POST /api/admin/account/password-link',
    () => ({ url: '/api/admin/account/password-link', body: { token: 'made-up' } }),
    [400, 400, 400, 400, 400, 400, 400],
  ),
  row(
    'POST /api/admin/account/reset-password-by-mail',
    () => ({ url: '/api/admin/account/reset-password-by-mail', body: { token: 'made-up', password: 'Whatever-1!' } }),
    [400, 400, 400, 400, 400, 400, 400],
  ),
  // Social sign-in: the matrix app configures no provider, so each one answers 404 (oauth.routes.test.ts has them on).
  row(
    'POST /api/admin/account/oauth-url/{provider}',
    () => ({ url: '/api/admin/account/oauth-url/line', body: {} }),
    [404, 404, 404, 404, 404, 404, 404],
  ),
  row(
    'POST /api/admin/account/oauth-login/{provider}',
    () => ({ url: '/api/admin/account/oauth-login/line', body: { code: 'x', state: 'y' } }),
    [404, 404, 404, 404, 404, 404, 404],
  ),
  row(
    'POST /api/admin/account/login-via-email-otp',
    () => ({ url: '/api/admin/account/login-via-email-otp', body: { email: 'matrix@example.com', code: '000000' } }),
    [401, 401, 401, 401, 401, 401, 401],
  ),
  // Two-factor's second step: a made-up challenge is no sign-in in progress, whoever sends it.
  row(
    'POST /api/admin/account/two-factor/login',
    () => ({ url: '/api/admin/account/two-factor/login', body: { challenge: 'made-up', code: '123456' } }),
    [401, 401, 401, 401, 401, 401, 401],
  ),
  row(
    'POST /api/admin/account/two-factor/login/setup',
    () => ({ url: '/api/admin/account/two-factor/login/setup', body: { challenge: 'made-up' } }),
    [401, 401, 401, 401, 401, 401, 401],
  ),
  row('GET /api/files/public/{*}', get('/api/files/public/nothing/here.png'), [404, 404, 404, 404, 404, 404, 404]),
  row(
    'GET /api/files/signed/{a}/{b}',
    get('/api/files/signed/AAAAAAAAAAAAAAAAAAAA/forged.png?e=1&i=1&s=1&sig=forged'),
    [403, 403, 403, 403, 403, 403, 403],
  ),

  // Own account: anyone signed in
  row('GET /api/admin/account/profile', get('/api/admin/account/profile'), SIGNED_IN),
  row('PUT /api/admin/account/profile', () => ({ url: '/api/admin/account/profile', body: { name: 'Matrix' } }), SIGNED_IN),
  row('PUT /api/admin/account/renew', () => ({ url: '/api/admin/account/renew', body: {} }), SIGNED_IN),
  row('PUT /api/admin/account/logout', () => ({ url: '/api/admin/account/logout', body: {} }), SIGNED_IN, { freshSession: true }),
  row(
    'PUT /api/admin/account/reset-password',
    () => ({ url: '/api/admin/account/reset-password', body: { current_password: 'wrong', password: 'Another#1' } }),
    [400, 400, 400, 400, 400, 400, 401],
    { freshSession: true },
  ),
  row(
    'POST /api/admin/account/verify-identity',
    () => ({ url: '/api/admin/account/verify-identity', body: { password: 'wrong' } }),
    [400, 400, 400, 400, 400, 400, 401],
    { freshSession: true },
  ),
  row(
    'POST /api/admin/account/verify-identity/send-code',
    () => ({ url: '/api/admin/account/verify-identity/send-code', body: {} }),
    SIGNED_IN,
  ),
  row(
    'PUT /api/admin/account/email',
    () => ({ url: '/api/admin/account/email', body: { email: 'matrix-new@example.com' } }),
    [403, 403, 403, 403, 403, 403, 401],
  ),
  // Issue 26: confirming or cancelling one's own pending e-mail change (a made-up code confirms nothing).
  row(
    'POST /api/admin/account/email/confirm',
    () => ({ url: '/api/admin/account/email/confirm', body: { code: '000000' } }),
    [400, 400, 400, 400, 400, 400, 401],
  ),
  row('DELETE /api/admin/account/email', () => ({ url: '/api/admin/account/email' }), SIGNED_IN),
  row('GET /api/admin/account/identities', get('/api/admin/account/identities'), SIGNED_IN),
  // Two-factor of one's own account: status for anyone signed in; every change behind a verify-identity proof.
  row('GET /api/admin/account/two-factor', get('/api/admin/account/two-factor'), SIGNED_IN),
  row(
    'POST /api/admin/account/two-factor/setup',
    () => ({ url: '/api/admin/account/two-factor/setup', body: {} }),
    [403, 403, 403, 403, 403, 403, 401],
  ),
  row(
    'POST /api/admin/account/two-factor/enable',
    () => ({ url: '/api/admin/account/two-factor/enable', body: { code: '123456' } }),
    [403, 403, 403, 403, 403, 403, 401],
  ),
  row(
    'POST /api/admin/account/two-factor/recovery-codes',
    () => ({ url: '/api/admin/account/two-factor/recovery-codes', body: {} }),
    [403, 403, 403, 403, 403, 403, 401],
  ),
  row('DELETE /api/admin/account/two-factor', () => ({ url: '/api/admin/account/two-factor' }), [403, 403, 403, 403, 403, 403, 401]),
  row(
    'DELETE /api/admin/account/identities/{provider}',
    () => ({ url: '/api/admin/account/identities/line' }),
    [403, 403, 403, 403, 403, 403, 401],
  ),
  row(
    'POST /api/admin/account/oauth-link-url/{provider}',
    () => ({ url: '/api/admin/account/oauth-link-url/line', body: {} }),
    [404, 404, 404, 404, 404, 404, 401],
  ),
  row(
    'POST /api/admin/account/oauth-link/{provider}',
    () => ({ url: '/api/admin/account/oauth-link/line', body: { code: 'x', state: 'y' } }),
    [404, 404, 404, 404, 404, 404, 401],
  ),
  row('GET /api/admin/account/organizations', get('/api/admin/account/organizations'), SIGNED_IN),
  row('GET /api/admin/account/sub-account/index', get('/api/admin/account/sub-account/index'), SIGNED_IN),
  row('GET /api/admin/account/login-device', get('/api/admin/account/login-device'), SIGNED_IN),
  row('GET /api/admin/work-runs/interrupted', get('/api/admin/work-runs/interrupted?kind=staff_import'), SIGNED_IN),
  // Issue 36: open to every signed-in admin, then the record's own read roles (app config: super admins).
  row(
    'GET /api/admin/record-versions/{target_type}/{target_key}',
    get('/api/admin/record-versions/app_config/app'),
    [200, 404, 404, 404, 404, 200, 401],
  ),
  row(
    'DELETE /api/admin/work-runs/interrupted/{id}',
    () => ({ url: `/api/admin/work-runs/interrupted/${MISSING}` }),
    [404, 404, 404, 404, 404, 404, 401],
  ),
  // Issue 36: an edit lease on a staff record of organization A is for those who may read it there.
  row(
    'POST /api/admin/edit-leases',
    (f) => ({ url: '/api/admin/edit-leases', body: { target_type: 'staff', target_id: f.staffInA } }),
    [403, 403, 200, 200, 404, 403, 401],
  ),
  row(
    'DELETE /api/admin/edit-leases',
    (f) => ({ url: '/api/admin/edit-leases', body: { target_type: 'staff', target_id: f.staffInA } }),
    [403, 403, 200, 200, 404, 403, 401],
  ),
  row(
    'POST /api/admin/edit-leases/take-over',
    (f) => ({ url: '/api/admin/edit-leases/take-over', body: { target_type: 'staff', target_id: f.staffInA } }),
    [403, 403, 200, 200, 404, 403, 401],
  ),
  row('GET /api/admin/edit-leases', (f) => ({ url: `/api/admin/edit-leases?target_type=staff&ids=${f.staffInA}` }), STAFF_READ_OWN_ORG),
  row('DELETE /api/admin/account/other-devices', () => ({ url: '/api/admin/account/other-devices' }), [403, 403, 403, 403, 403, 403, 401]),
  row(
    'DELETE /api/admin/account/logout-device/{id}',
    () => ({ url: `/api/admin/account/logout-device/${MISSING}` }),
    [404, 404, 404, 404, 404, 404, 401],
  ),
  row(
    'DELETE /api/admin/account/batch-logout-device',
    () => ({ url: '/api/admin/account/batch-logout-device', body: { ids: [MISSING] } }),
    [404, 404, 404, 404, 404, 404, 401],
  ),

  // Own organization: its SUB_ACCOUNT_ROLE_ADMIN or a super admin, active organization only
  row(
    'GET /api/admin/account/organization/{id}',
    (f) => ({ url: `/api/admin/account/organization/${f.orgA}` }),
    [200, 403, 200, 403, 404, 403, 401],
  ),
  row(
    'PUT /api/admin/account/organization/{id}',
    (f) => ({ url: `/api/admin/account/organization/${f.orgA}`, body: { name: 'Organization A' } }),
    [200, 403, 200, 403, 404, 403, 401],
  ),

  // Members of the active organization (issue 14.2): its SUB_ACCOUNT_ROLE_ADMIN or a super admin acting in it.
  // orgBAdmin acts in B: A's members are 404 to it; it may add any existing account to B by e-mail.
  // The maintainer is a member of no organization. ROLE_STAFF and refusals inside the organization:
  // modules/organization/organization-members.routes.test.ts.
  row('GET /api/admin/organization/member/index', get('/api/admin/organization/member/index'), [200, 403, 200, 403, 200, 403, 401]),
  row(
    'POST /api/admin/organization/member/invite',
    (f) => ({
      url: '/api/admin/organization/member/invite',
      body: { email: f.uniqueEmail(), name: 'Matrix', sub_account_roles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] },
    }),
    [200, 403, 200, 403, 200, 403, 401],
  ),
  row(
    'POST /api/admin/organization/member',
    async (f) => ({ url: '/api/admin/organization/member', body: { email: (await f.freshAdminInA()).email, sub_account_roles: [] } }),
    [409, 403, 409, 403, 200, 403, 401],
  ),
  row(
    'PUT /api/admin/organization/member/{id}',
    async (f) => ({
      url: `/api/admin/organization/member/${(await f.freshAdminInA()).id}`,
      body: { sub_account_roles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] },
    }),
    [200, 403, 200, 403, 404, 403, 401],
  ),
  // Issue 26: a fresh invitation link. A fresh admin of A has a password: 409 (no open invitation) past the role check.
  row(
    'POST /api/admin/organization/member/{id}/invitation',
    async (f) => ({ url: `/api/admin/organization/member/${(await f.freshAdminInA()).id}/invitation`, body: {} }),
    [409, 403, 409, 403, 404, 403, 401],
  ),
  row(
    'DELETE /api/admin/organization/member/{id}',
    async (f) => ({ url: `/api/admin/organization/member/${(await f.freshAdminInA()).id}` }),
    [200, 403, 200, 403, 404, 403, 401],
  ),

  // Switch account: real super admins only (not the maintainer)
  row(
    'POST /api/admin/account/{id}/switch-account',
    (f) => ({ url: `/api/admin/account/${f.adminInA}/switch-account`, body: {} }),
    [200, 403, 403, 403, 403, 403, 401],
  ),

  // Other admins' devices: super admin
  row('GET /api/admin/admin-device/index/{id}', (f) => ({ url: `/api/admin/admin-device/index/${f.adminInA}` }), SUPER_ONLY),
  row('DELETE /api/admin/admin-device/{id}', () => ({ url: `/api/admin/admin-device/${MISSING}` }), [404, 403, 403, 403, 403, 404, 401]),
  row(
    'DELETE /api/admin/admin-device/batch',
    () => ({ url: '/api/admin/admin-device/batch', body: { ids: [MISSING] } }),
    [404, 403, 403, 403, 403, 404, 401],
  ),

  // Admin accounts: list/create/delete super admin; read/update also an organization's admin for its members
  row('GET /api/admin/admin/roles', get('/api/admin/admin/roles'), [200, 403, 200, 403, 200, 200, 401]),
  row('GET /api/admin/admin/sub-account-roles', get('/api/admin/admin/sub-account-roles'), [200, 403, 200, 403, 200, 200, 401]),
  row('GET /api/admin/admin/index', get('/api/admin/admin/index'), SUPER_ONLY),
  row('POST /api/admin/admin', (f) => ({ url: '/api/admin/admin', body: { email: f.uniqueEmail(), name: 'Matrix' } }), SUPER_ONLY),
  row('GET /api/admin/admin/{id}', (f) => ({ url: `/api/admin/admin/${f.adminInA}` }), [200, 403, 200, 403, 404, 200, 401]),
  row(
    'PUT /api/admin/admin/{id}',
    async (f) => {
      const a = await f.freshAdminInA();
      return {
        url: `/api/admin/admin/${a.id}`,
        body: { email: a.email, name: 'Matrix', memberships: [{ organization_id: f.orgA, sub_account_roles: [] }] },
      };
    },
    [200, 403, 200, 403, 404, 200, 401],
  ),
  row(
    'PATCH /api/admin/admin/{id}',
    async (f) => ({ url: `/api/admin/admin/${(await f.freshAdminInA()).id}`, body: { field: 'name', value: 'Matrix' } }),
    [200, 403, 200, 403, 404, 200, 401],
  ),
  row(
    'PATCH /api/admin/admin/batch',
    async (f) => ({ url: '/api/admin/admin/batch', body: { ids: [(await f.freshAdminInA()).id], field: 'status', value: 'disabled' } }),
    [200, 403, 200, 403, 404, 200, 401],
  ),
  row('DELETE /api/admin/admin/{id}', async (f) => ({ url: `/api/admin/admin/${(await f.freshAdminInA()).id}` }), SUPER_ONLY),
  row(
    'DELETE /api/admin/admin/batch',
    async (f) => ({ url: '/api/admin/admin/batch', body: { ids: [(await f.freshAdminInA()).id] } }),
    SUPER_ONLY,
  ),
  // 403 for everyone without a verify-identity proof (admin.routes.test.ts shows the super admin's way through).
  row(
    'PATCH /api/admin/admin/{id}/reset-password',
    async (f) => ({ url: `/api/admin/admin/${(await f.freshAdminInA()).id}/reset-password`, body: {} }),
    [403, 403, 403, 403, 403, 403, 401],
  ),
  row(
    'DELETE /api/admin/admin/{id}/two-factor',
    async (f) => ({ url: `/api/admin/admin/${(await f.freshAdminInA()).id}/two-factor` }),
    [403, 403, 403, 403, 403, 403, 401],
  ),

  // Admin groups (the matrix runs with the adminGroup flag on)
  row('GET /api/admin/admin-group/index', get('/api/admin/admin-group/index'), SUPER_ONLY),
  row(
    'POST /api/admin/admin-group',
    () => ({ url: '/api/admin/admin-group', body: { name: 'Matrix', roles: ['ROLE_BASE'] } }),
    [200, 403, 403, 403, 403, 403, 401],
  ),
  row('GET /api/admin/admin-group/{id}', async (f) => ({ url: `/api/admin/admin-group/${await f.freshGroup()}` }), SUPER_ONLY),
  row(
    'PUT /api/admin/admin-group/{id}',
    async (f) => ({ url: `/api/admin/admin-group/${await f.freshGroup()}`, body: { name: 'Matrix', roles: [] } }),
    SUPER_ONLY,
  ),
  row('DELETE /api/admin/admin-group/{id}', async (f) => ({ url: `/api/admin/admin-group/${await f.freshGroup()}` }), SUPER_ONLY),
  row(
    'DELETE /api/admin/admin-group/batch',
    async (f) => ({ url: '/api/admin/admin-group/batch', body: { ids: [await f.freshGroup()] } }),
    SUPER_ONLY,
  ),

  // Admin organizations: super admin
  row('GET /api/admin/admin-organization/index', get('/api/admin/admin-organization/index'), SUPER_ONLY),
  row('POST /api/admin/admin-organization', () => ({ url: '/api/admin/admin-organization', body: { name: 'Matrix' } }), SUPER_ONLY),
  row('GET /api/admin/admin-organization/{id}', (f) => ({ url: `/api/admin/admin-organization/${f.orgA}` }), SUPER_ONLY),
  row(
    'PUT /api/admin/admin-organization/{id}',
    async (f) => ({ url: `/api/admin/admin-organization/${await f.freshOrganization()}`, body: { name: 'Matrix' } }),
    SUPER_ONLY,
  ),
  row(
    'PATCH /api/admin/admin-organization/{id}',
    async (f) => ({ url: `/api/admin/admin-organization/${await f.freshOrganization()}`, body: { field: 'name', value: 'Matrix' } }),
    SUPER_ONLY,
  ),
  row(
    'PATCH /api/admin/admin-organization/batch',
    async (f) => ({
      url: '/api/admin/admin-organization/batch',
      body: { ids: [await f.freshOrganization()], field: 'status', value: 'disabled' },
    }),
    SUPER_ONLY,
  ),
  row(
    'DELETE /api/admin/admin-organization/{id}',
    async (f) => ({ url: `/api/admin/admin-organization/${await f.freshOrganization()}` }),
    SUPER_ONLY,
  ),
  row(
    'DELETE /api/admin/admin-organization/batch',
    async (f) => ({ url: '/api/admin/admin-organization/batch', body: { ids: [await f.freshOrganization()] } }),
    SUPER_ONLY,
  ),

  // Audit log: super admin reads; nobody writes (append-only, 405)
  // Mail templates and the outbox (issue 10): super admin only
  row('GET /api/admin/mail/templates', get('/api/admin/mail/templates'), SUPER_ONLY),
  row(
    'PUT /api/admin/mail/templates/{name}/{locale}',
    () => ({ url: '/api/admin/mail/templates/sign_in_code/en-US', body: {} }),
    [400, 403, 403, 403, 403, 400, 401],
  ),
  row(
    'DELETE /api/admin/mail/templates/{name}/{locale}',
    () => ({ url: '/api/admin/mail/templates/sign_in_code/xx-XX' }),
    [400, 403, 403, 403, 403, 400, 401],
  ),
  row(
    'POST /api/admin/mail/templates/{name}/preview',
    () => ({ url: '/api/admin/mail/templates/sign_in_code/preview', body: { locale: 'en-US' } }),
    SUPER_ONLY,
  ),
  row(
    'POST /api/admin/mail/templates/{name}/send-test',
    () => ({ url: '/api/admin/mail/templates/sign_in_code/send-test', body: {} }),
    [400, 403, 403, 403, 403, 400, 401],
  ),
  row('GET /api/admin/mail/outbox', get('/api/admin/mail/outbox'), SUPER_ONLY),
  row('GET /api/admin/mail/status', get('/api/admin/mail/status'), SUPER_ONLY),
  row('GET /api/admin/mail/outbox/{id}', () => ({ url: `/api/admin/mail/outbox/${MISSING}` }), [404, 403, 403, 403, 403, 404, 401]),
  row(
    'POST /api/admin/mail/outbox/{id}/resend',
    () => ({ url: `/api/admin/mail/outbox/${MISSING}/resend`, body: {} }),
    [404, 403, 403, 403, 403, 404, 401],
  ),
  // One-time password records (issue 10): super admin only
  row('GET /api/admin/otp/index', get('/api/admin/otp/index'), SUPER_ONLY),
  row('GET /api/admin/otp/{id}', () => ({ url: `/api/admin/otp/${MISSING}` }), [404, 403, 403, 403, 403, 404, 401]),
  row('DELETE /api/admin/otp/{id}', () => ({ url: `/api/admin/otp/${MISSING}` }), [404, 403, 403, 403, 403, 404, 401]),
  row(
    'DELETE /api/admin/otp/batch',
    () => ({ url: '/api/admin/otp/batch', body: { ids: [MISSING] } }),
    [404, 403, 403, 403, 403, 404, 401],
  ),
  row('GET /api/admin/audit-log/index', get('/api/admin/audit-log/index'), SUPER_ONLY),
  row('GET /api/admin/audit-log/export', get('/api/admin/audit-log/export?format=csv'), SUPER_ONLY),
  row('GET /api/admin/audit-log/{id}', (f) => ({ url: `/api/admin/audit-log/${f.auditId}` }), SUPER_ONLY),
  row('GET /api/admin/audit-log/chain', get('/api/admin/audit-log/chain'), SUPER_ONLY),
  row('POST /api/admin/audit-log/chain/verify', () => ({ url: '/api/admin/audit-log/chain/verify', body: {} }), SUPER_ONLY),
  row('POST /api/admin/audit-log', () => ({ url: '/api/admin/audit-log', body: {} }), APPEND_ONLY),
  row('PUT /api/admin/audit-log/{id}', (f) => ({ url: `/api/admin/audit-log/${f.auditId}`, body: {} }), APPEND_ONLY),
  row(
    'PATCH /api/admin/audit-log/{id}',
    (f) => ({ url: `/api/admin/audit-log/${f.auditId}`, body: { field: 'action', value: 'x' } }),
    APPEND_ONLY,
  ),
  row(
    'PATCH /api/admin/audit-log/batch',
    (f) => ({ url: '/api/admin/audit-log/batch', body: { ids: [f.auditId], field: 'action', value: 'x' } }),
    APPEND_ONLY,
  ),
  row('DELETE /api/admin/audit-log/{id}', (f) => ({ url: `/api/admin/audit-log/${f.auditId}` }), APPEND_ONLY),
  row('DELETE /api/admin/audit-log/batch', (f) => ({ url: '/api/admin/audit-log/batch', body: { ids: [f.auditId] } }), APPEND_ONLY),

  // Certificate reminders of the active organization (each admin its own): settings and history for its
  // admins and super admins acting in it; compliance for its staff readers and super admins (issue 26).
  row('GET /api/admin/certificate-reminder/settings', get('/api/admin/certificate-reminder/settings'), [200, 403, 200, 403, 200, 403, 401]),
  row(
    'PUT /api/admin/certificate-reminder/settings',
    () => ({ url: '/api/admin/certificate-reminder/settings', body: { days: 0 } }),
    [400, 403, 400, 403, 400, 403, 401],
  ),
  row('GET /api/admin/certificate-reminder/index', get('/api/admin/certificate-reminder/index'), [200, 403, 200, 403, 200, 403, 401]),
  row('GET /api/admin/certificate-reminder/compliance', get('/api/admin/certificate-reminder/compliance'), STAFF_READ_EVERY_ORG),
  row(
    'GET /api/admin/certificate-reminder/compliance/export',
    get('/api/admin/certificate-reminder/compliance/export'),
    STAFF_READ_EVERY_ORG,
  ),

  // Issue 38 part 5: the compliance dashboards. The organization's for its staff readers (ROLE_STAFF as a member);
  // the super admin, a member of nothing here, reads them across organizations (organization_id filters there).
  row('GET /api/admin/organization/compliance/summary', get('/api/admin/organization/compliance/summary'), STAFF_READ_OWN_ORG),
  row('GET /api/admin/organization/compliance/items', get('/api/admin/organization/compliance/items'), STAFF_READ_OWN_ORG),
  row('GET /api/admin/organization/compliance/export', get('/api/admin/organization/compliance/export'), STAFF_READ_OWN_ORG),
  row('GET /api/admin/compliance/summary', get('/api/admin/compliance/summary'), SUPER_ONLY),
  row('GET /api/admin/compliance/items', get('/api/admin/compliance/items'), SUPER_ONLY),

  // Operations tools (super admins): the matrix app configures neither LINE nor Google (409 once past access control).
  row(
    'POST /api/admin/send-line-message',
    () => ({ url: '/api/admin/send-line-message', body: { target: `U${'a'.repeat(32)}`, message: 'matrix' } }),
    [409, 403, 403, 403, 403, 409, 401],
  ),
  row(
    'POST /api/admin/test-google-drive-permission',
    () => ({ url: '/api/admin/test-google-drive-permission', body: { folder_id: 'MatrixFolder123' } }),
    [409, 403, 403, 403, 403, 409, 401],
  ),

  // The log viewer: maintainers only (the Debug group of spec section 2); the matrix app logs to no file.
  row('GET /api/admin/debug/logs', get('/api/admin/debug/logs'), [403, 403, 403, 403, 403, 200, 401]),
  row(
    'GET /api/admin/debug/logs/entries',
    get('/api/admin/debug/logs/entries?file=server-2026-01-01.log'),
    [403, 403, 403, 403, 403, 404, 401],
  ),
  row(
    'GET /api/admin/debug/logs/download',
    get('/api/admin/debug/logs/download?file=server-2026-01-01.log'),
    [403, 403, 403, 403, 403, 404, 401],
  ),

  // Application config: super admin
  row('GET /api/admin/app-config/{name}', get('/api/admin/app-config/app'), SUPER_ONLY),
  row(
    'PUT /api/admin/app-config/{name}/update',
    () => ({ url: '/api/admin/app-config/app/update', body: { title: 'Matrix' } }),
    SUPER_ONLY,
  ),
  // An audit entry that does not exist: past access control, then a field error.
  row(
    'PUT /api/admin/app-config/{name}/restore',
    () => ({ url: '/api/admin/app-config/app/restore', body: { audit_id: MISSING } }),
    [400, 403, 403, 403, 403, 400, 401],
  ),

  // File manager: ROLE_BASE (any admin role)
  row('GET /api/admin/file/index', get('/api/admin/file/index'), ANY_ADMIN_ROLE),
  row('POST /api/admin/file/upload', () => ({ url: '/api/admin/file/upload', body: {} }), ANY_ADMIN_ROLE),
  row('POST /api/admin/file/create-via-data', () => ({ url: '/api/admin/file/create-via-data', body: {} }), ANY_ADMIN_ROLE),
  row('POST /api/admin/file/download', () => ({ url: '/api/admin/file/download', body: {} }), ANY_ADMIN_ROLE),
  row('GET /api/admin/file/get-private-file/{a}/{b}', get('/api/admin/file/get-private-file/nothing/here.txt'), ANY_ADMIN_ROLE),
  row('DELETE /api/admin/file/{id}', () => ({ url: `/api/admin/file/${MISSING}` }), ANY_ADMIN_ROLE),
  row('DELETE /api/admin/file/batch', () => ({ url: '/api/admin/file/batch', body: { ids: [MISSING] } }), ANY_ADMIN_ROLE),
  row('POST /api/admin/file/signed-url', () => ({ url: '/api/admin/file/signed-url', body: {} }), ANY_ADMIN_ROLE),
  // Who opened a file's signed links: the file's own readers; a missing file (or another organization's) is 404.
  row(
    'GET /api/admin/file/{id}/signed-link-opens',
    get(`/api/admin/file/${MISSING}/signed-link-opens`),
    [404, 404, 403, 403, 403, 404, 401],
  ),

  // Photos: list with ROLE_BASE, changes with ROLE_PHOTO
  row('GET /api/admin/photo/index', get('/api/admin/photo/index'), ANY_ADMIN_ROLE),
  row('POST /api/admin/photo/upload', () => ({ url: '/api/admin/photo/upload', body: {} }), PHOTO_ROLE),
  row('PATCH /api/admin/photo/{id}', () => ({ url: `/api/admin/photo/${MISSING}`, body: { field: 'name', value: 'x' } }), PHOTO_ROLE),
  row('DELETE /api/admin/photo/batch', () => ({ url: '/api/admin/photo/batch', body: { ids: [MISSING] } }), PHOTO_ROLE),
  row('POST /api/admin/photo/uses', () => ({ url: '/api/admin/photo/uses', body: { ids: [MISSING] } }), ANY_ADMIN_ROLE),

  // Staff across organizations, read-only: super admins and ROLE_STAFF (no ROLE_STAFF column here: see
  // modules/staff/staff-across-organizations.routes.test.ts), members or not; organization_id is a filter
  row('GET /api/admin/staff/index', get('/api/admin/staff/index'), SUPER_ONLY),
  row('GET /api/admin/staff/organizations', get('/api/admin/staff/organizations'), SUPER_ONLY),
  row('GET /api/admin/staff/{id}', (f) => ({ url: `/api/admin/staff/${f.staffInA}` }), SUPER_ONLY),

  // Staff of the active organization
  row('GET /api/admin/organization/staff/index', get('/api/admin/organization/staff/index'), STAFF_READ_OWN_ORG),
  row(
    'GET /api/admin/organization/staff/check-expiration-of-certificates',
    get('/api/admin/organization/staff/check-expiration-of-certificates'),
    STAFF_READ_EVERY_ORG,
  ),
  row('GET /api/admin/organization/staff/photo-library', get('/api/admin/organization/staff/photo-library'), STAFF_WRITE_OWN_ORG),
  row('GET /api/admin/organization/staff/{id}', (f) => ({ url: `/api/admin/organization/staff/${f.staffInA}` }), STAFF_READ_ROW_IN_A),
  row(
    'POST /api/admin/organization/staff',
    () => ({ url: '/api/admin/organization/staff', body: { name: 'Matrix Staff' } }),
    STAFF_WRITE_OWN_ORG,
  ),
  row(
    'PUT /api/admin/organization/staff/{id}',
    async (f) => ({ url: `/api/admin/organization/staff/${await f.freshStaffInA()}`, body: { name: 'Matrix Staff' } }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'PATCH /api/admin/organization/staff/{id}',
    async (f) => ({ url: `/api/admin/organization/staff/${await f.freshStaffInA()}`, body: { field: 'notes', value: 'Matrix' } }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'DELETE /api/admin/organization/staff/{id}',
    async (f) => ({ url: `/api/admin/organization/staff/${await f.freshStaffInA()}` }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'DELETE /api/admin/organization/staff/batch',
    async (f) => ({ url: '/api/admin/organization/staff/batch', body: { ids: [await f.freshStaffInA()] } }),
    STAFF_WRITE_ROW_IN_A,
  ),
  // Issue 37: the organization admin may reveal, but only with a fresh verify-identity proof, which no
  // matrix session has: 403 for every column (staff-reveal.routes.test.ts has the cases past the proof).
  row(
    'POST /api/admin/organization/staff/{id}/reveal',
    (f) => ({ url: `/api/admin/organization/staff/${f.staffInA}/reveal`, body: { field: 'national_id', reason_code: 'labor_insurance' } }),
    [403, 403, 403, 403, 403, 403, 401],
  ),
  row(
    'GET /api/admin/organization/staff/{id}/photo',
    (f) => ({ url: `/api/admin/organization/staff/${f.staffInA}/photo` }),
    STAFF_READ_ROW_IN_A,
  ),
  row(
    'POST /api/admin/organization/staff/{id}/photo',
    (f) => ({ url: `/api/admin/organization/staff/${f.staffInA}/photo`, body: {} }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'DELETE /api/admin/organization/staff/{id}/photo',
    (f) => ({ url: `/api/admin/organization/staff/${f.staffInA}/photo` }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'GET /api/admin/organization/staff/{id}/certificates/{certificateId}/file',
    (f) => ({ url: `/api/admin/organization/staff/${f.staffInA}/certificates/${MISSING}/file` }),
    STAFF_READ_ROW_IN_A,
  ),
  row(
    'POST /api/admin/organization/staff/{id}/certificates/{certificateId}/file',
    (f) => ({ url: `/api/admin/organization/staff/${f.staffInA}/certificates/${MISSING}/file`, body: {} }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'DELETE /api/admin/organization/staff/{id}/certificates/{certificateId}/file',
    (f) => ({ url: `/api/admin/organization/staff/${f.staffInA}/certificates/${MISSING}/file` }),
    STAFF_WRITE_ROW_IN_A,
  ),

  // Issue 38: evidence a worker holds (modules/staff-evidence), read by the staff's readers, written by its writers, in A only.
  ...(['trainings', 'health-checks', 'insurances', 'migrant-documents'] as const).flatMap((kind) => {
    const list = (f: Fixtures) => `/api/admin/organization/staff/${f.staffInA}/${kind}`;
    const one = (f: Fixtures) => `${list(f)}/${MISSING}`;
    // A well-formed row, so that another organization's answer is the 404 of its staff, not the body's 400.
    const body = {
      trainings: { course_kind: 'general', course_name: 'Matrix', completed_on: '2026-01-02' },
      'health-checks': { check_kind: 'general', checked_on: '2026-01-02' },
      insurances: { scheme: 'labour', enrolled_on: '2026-01-02' },
      'migrant-documents': { document: 'permit' },
    }[kind];
    const rows = [
      row(`GET /api/admin/organization/staff/{id}/${kind}`, (f) => ({ url: list(f) }), STAFF_READ_ROW_IN_A),
      row(
        `POST /api/admin/organization/staff/{id}/${kind}`,
        async (f) => ({ url: `/api/admin/organization/staff/${await f.freshStaffInA()}/${kind}`, body }),
        STAFF_WRITE_ROW_IN_A,
      ),
      row(`PUT /api/admin/organization/staff/{id}/${kind}/{rowId}`, (f) => ({ url: one(f), body }), STAFF_WRITE_ROW_IN_A),
      row(`DELETE /api/admin/organization/staff/{id}/${kind}/{rowId}`, (f) => ({ url: one(f) }), STAFF_WRITE_ROW_IN_A),
      row(`GET /api/admin/organization/staff/{id}/${kind}/{rowId}/file`, (f) => ({ url: `${one(f)}/file` }), STAFF_READ_ROW_IN_A),
      row(
        `POST /api/admin/organization/staff/{id}/${kind}/{rowId}/file`,
        (f) => ({ url: `${one(f)}/file`, body: {} }),
        STAFF_WRITE_ROW_IN_A,
      ),
      row(`DELETE /api/admin/organization/staff/{id}/${kind}/{rowId}/file`, (f) => ({ url: `${one(f)}/file` }), STAFF_WRITE_ROW_IN_A),
    ];
    // The reveal needs a fresh verify-identity proof, which no matrix session has (as the staff reveal above).
    if (kind !== 'insurances')
      rows.push(
        row(
          `POST /api/admin/organization/staff/{id}/${kind}/{rowId}/reveal`,
          (f) => ({ url: `${one(f)}/reveal`, body: { field: 'notes', reason_code: 'labor_insurance' } }),
          [403, 403, 403, 403, 403, 403, 401],
        ),
      );
    return rows;
  }),

  // Certificate types of the active organization
  row('GET /api/admin/organization/certificate-type/index', get('/api/admin/organization/certificate-type/index'), STAFF_READ_OWN_ORG),
  row(
    'POST /api/admin/organization/certificate-type',
    () => ({ url: '/api/admin/organization/certificate-type', body: {} }),
    STAFF_WRITE_OWN_ORG,
  ),
  row(
    'POST /api/admin/organization/certificate-type/defaults',
    () => ({ url: '/api/admin/organization/certificate-type/defaults', body: {} }),
    STAFF_WRITE_OWN_ORG,
  ),
  row(
    'PUT /api/admin/organization/certificate-type/{id}',
    () => ({ url: `/api/admin/organization/certificate-type/${MISSING}`, body: {} }),
    STAFF_WRITE_OWN_ORG,
  ),
  row(
    'DELETE /api/admin/organization/certificate-type/{id}',
    () => ({ url: `/api/admin/organization/certificate-type/${MISSING}` }),
    STAFF_WRITE_OWN_ORG,
  ),

  // Issue 38: the organization's rule settings over the Taiwan pack: read by its staff readers (and a super admin,
  // who may change them), changed by its admin or a super admin; the maintainer acts in no organization.
  row('GET /api/admin/organization/compliance/rules', get('/api/admin/organization/compliance/rules'), [200, 403, 200, 200, 200, 403, 401]),
  row(
    'POST /api/admin/organization/compliance/rules',
    () => ({ url: '/api/admin/organization/compliance/rules', body: {} }),
    [400, 403, 400, 403, 400, 403, 401],
  ),
  row(
    'PATCH /api/admin/organization/compliance/rules/{key}',
    () => ({ url: '/api/admin/organization/compliance/rules/no-such-rule', body: { enabled: 'yes' } }),
    [400, 403, 400, 403, 400, 403, 401],
  ),
  row('DELETE /api/admin/organization/compliance/rules/{key}', () => ({ url: '/api/admin/organization/compliance/rules/no-such-rule' }), [
    OK,
    403,
    OK,
    403,
    OK,
    403,
    401,
  ]),

  // Staff spreadsheets of the active organization (exports are reads)
  row('GET /api/admin/organization/staff-excel/index', get('/api/admin/organization/staff-excel/index'), STAFF_READ_OWN_ORG),
  row(
    'GET /api/admin/organization/staff-excel/{id}',
    () => ({ url: `/api/admin/organization/staff-excel/${MISSING}` }),
    [403, 403, 404, 404, 404, 403, 401],
  ),
  row(
    'GET /api/admin/organization/staff-excel/{id}/sheet',
    () => ({ url: `/api/admin/organization/staff-excel/${MISSING}/sheet` }),
    [403, 403, 404, 404, 404, 403, 401],
  ),
  row(
    'GET /api/admin/organization/staff-excel/{id}/file',
    () => ({ url: `/api/admin/organization/staff-excel/${MISSING}/file` }),
    [403, 403, 404, 404, 404, 403, 401],
  ),
  row('POST /api/admin/organization/staff-excel', () => ({ url: '/api/admin/organization/staff-excel', body: {} }), STAFF_WRITE_OWN_ORG),
  row(
    'POST /api/admin/organization/staff/import/preview',
    () => ({ url: '/api/admin/organization/staff/import/preview', body: {} }),
    STAFF_WRITE_OWN_ORG,
  ),
  row('POST /api/admin/organization/staff/import', () => ({ url: '/api/admin/organization/staff/import', body: {} }), STAFF_WRITE_OWN_ORG),
  row(
    'POST /api/admin/organization/staff-excel/{id}/file',
    () => ({ url: `/api/admin/organization/staff-excel/${MISSING}/file`, body: {} }),
    STAFF_WRITE_OWN_ORG,
  ),
  row(
    'PUT /api/admin/organization/staff-excel/{id}',
    () => ({ url: `/api/admin/organization/staff-excel/${MISSING}`, body: {} }),
    STAFF_WRITE_OWN_ORG,
  ),
  row(
    'PATCH /api/admin/organization/staff-excel/{id}',
    () => ({ url: `/api/admin/organization/staff-excel/${MISSING}`, body: { field: 'name', value: 'x' } }),
    STAFF_WRITE_OWN_ORG,
  ),
  row(
    'PATCH /api/admin/organization/staff-excel/batch',
    () => ({ url: '/api/admin/organization/staff-excel/batch', body: { ids: [MISSING], field: 'name', value: 'x' } }),
    STAFF_WRITE_OWN_ORG,
  ),
  row(
    'DELETE /api/admin/organization/staff-excel/{id}',
    () => ({ url: `/api/admin/organization/staff-excel/${MISSING}` }),
    STAFF_WRITE_OWN_ORG,
  ),
  row(
    'DELETE /api/admin/organization/staff-excel/batch',
    () => ({ url: '/api/admin/organization/staff-excel/batch', body: { ids: [MISSING] } }),
    STAFF_WRITE_OWN_ORG,
  ),
  row(
    'POST /api/admin/organization/staff-excel/export-merge/{id}',
    () => ({ url: `/api/admin/organization/staff-excel/export-merge/${MISSING}`, body: { staff_ids: [] } }),
    [403, 403, OK, OK, OK, 403, 401],
  ),
  row(
    'POST /api/admin/organization/staff-excel/export-split/{id}/{staff_id}',
    (f) => ({ url: `/api/admin/organization/staff-excel/export-split/${MISSING}/${f.staffInA}`, body: {} }),
    [403, 403, OK, OK, OK, 403, 401],
  ),
  // Site content (issue 11).
  // Pages and their categories.
  row('GET /api/admin/page-category/index', get('/api/admin/page-category/index'), CONTENT),
  row('GET /api/admin/page-category/tree', get('/api/admin/page-category/tree?type=article'), CONTENT),
  row('GET /api/admin/page-category/{id}', get(`/api/admin/page-category/${MISSING}`), CONTENT),
  row('POST /api/admin/page-category', () => ({ url: '/api/admin/page-category', body: { type: 'article', name: 'Matrix' } }), CONTENT),
  row(
    'PUT /api/admin/page-category/{id}',
    () => ({ url: `/api/admin/page-category/${MISSING}`, body: { type: 'article', name: 'Matrix' } }),
    CONTENT,
  ),
  row('DELETE /api/admin/page-category/{id}', get(`/api/admin/page-category/${MISSING}`), CONTENT),
  row('DELETE /api/admin/page-category/batch', () => ({ url: '/api/admin/page-category/batch', body: { ids: [MISSING] } }), CONTENT),
  // Issue 41: the review of site content. Lists for any site editor; the settings for super admins; each type's steps for its editors.
  row('GET /api/admin/reviews', get('/api/admin/reviews?mine=awaiting'), [200, 403, 403, 403, 403, 200, 401]),
  row('GET /api/admin/review-workflows', get('/api/admin/review-workflows'), SUPER_ONLY),
  row(
    'PUT /api/admin/review-workflows',
    () => ({ url: '/api/admin/review-workflows', body: { data: [] } }),
    [400, 403, 403, 403, 403, 400, 401],
  ),
  ...(['page', 'banner', 'product', 'video'] as const).flatMap((type) => [
    row(`GET /api/admin/reviews/${type}/{id}`, get(`/api/admin/reviews/${type}/${MISSING}`), CONTENT),
    ...(['submit', 'approve', 'publish'] as const).map((step) =>
      row(
        `POST /api/admin/reviews/${type}/{id}/${step}`,
        () => ({ url: `/api/admin/reviews/${type}/${MISSING}/${step}`, body: {} }),
        CONTENT,
      ),
    ),
    row(
      `POST /api/admin/reviews/${type}/{id}/return`,
      () => ({ url: `/api/admin/reviews/${type}/${MISSING}/return`, body: { reason: '退回' } }),
      CONTENT,
    ),
    row(
      `POST /api/admin/reviews/${type}/{id}/comments`,
      () => ({ url: `/api/admin/reviews/${type}/${MISSING}/comments`, body: { body: '意見' } }),
      CONTENT,
    ),
  ]),
  row('GET /api/admin/page/index', get('/api/admin/page/index'), CONTENT),
  row('GET /api/admin/page/{id}', get(`/api/admin/page/${MISSING}`), CONTENT),
  row('PUT /api/admin/page/order', () => ({ url: '/api/admin/page/order', body: { type: 'default', ids: [MISSING] } }), CONTENT),
  row(
    'POST /api/admin/page',
    (f) => ({
      url: '/api/admin/page',
      body: { type: 'default', slug: `matrix-${f.uniqueEmail().replace(/\W/g, '').toLowerCase()}`, title: 'Matrix' },
    }),
    CONTENT,
  ),
  row(
    'PUT /api/admin/page/{id}',
    () => ({ url: `/api/admin/page/${MISSING}`, body: { type: 'default', slug: 'matrix', title: 'Matrix' } }),
    CONTENT,
  ),
  row('PATCH /api/admin/page/{id}', () => ({ url: `/api/admin/page/${MISSING}`, body: { field: 'status', value: 'published' } }), CONTENT),
  row(
    'PATCH /api/admin/page/batch',
    () => ({ url: '/api/admin/page/batch', body: { ids: [MISSING], field: 'sort_order', value: 1 } }),
    CONTENT,
  ),
  row('DELETE /api/admin/page/{id}', get(`/api/admin/page/${MISSING}`), CONTENT),
  row('DELETE /api/admin/page/batch', () => ({ url: '/api/admin/page/batch', body: { ids: [MISSING] } }), CONTENT),
  row('GET /api/admin/page/{id}/revisions', get(`/api/admin/page/${MISSING}/revisions`), CONTENT),
  row('GET /api/admin/page/{id}/revisions/{number}', get(`/api/admin/page/${MISSING}/revisions/1`), CONTENT),
  row(
    'POST /api/admin/page/{id}/revisions/{number}/restore',
    () => ({ url: `/api/admin/page/${MISSING}/revisions/1/restore`, body: {} }),
    CONTENT,
  ),
  row('GET /api/public/pages', get('/api/public/pages?type=article'), PUBLIC),
  row('GET /api/public/pages/{type}/{slug}', get('/api/public/pages/article/no-such-page'), [404, 404, 404, 404, 404, 404, 404]),
  row('GET /api/public/page-categories', get('/api/public/page-categories?type=project'), PUBLIC),
  // View on the website (issue 26): the link for editors of the content; the public preview only with a valid signature.
  row('GET /api/admin/page/{id}/site-link', get(`/api/admin/page/${MISSING}/site-link`), CONTENT),
  row('GET /api/public/preview/page/{id}', get('/api/public/preview/page/1?e=1&i=1&s=1&sig=forged'), [403, 403, 403, 403, 403, 403, 403]),
  // Products (issue 12): ROLE_PRODUCT or a super admin, as the other site content.
  row('GET /api/admin/product-category/index', get('/api/admin/product-category/index'), CONTENT),
  row('GET /api/admin/product-category/tree', get('/api/admin/product-category/tree'), CONTENT),
  row('GET /api/admin/product-category/{id}', get(`/api/admin/product-category/${MISSING}`), CONTENT),
  row('POST /api/admin/product-category', () => ({ url: '/api/admin/product-category', body: { name: 'Matrix' } }), CONTENT),
  row('PUT /api/admin/product-category/{id}', () => ({ url: `/api/admin/product-category/${MISSING}`, body: { name: 'Matrix' } }), CONTENT),
  row('DELETE /api/admin/product-category/{id}', get(`/api/admin/product-category/${MISSING}`), CONTENT),
  row('DELETE /api/admin/product-category/batch', () => ({ url: '/api/admin/product-category/batch', body: { ids: [MISSING] } }), CONTENT),
  row('GET /api/admin/product/index', get('/api/admin/product/index'), CONTENT),
  // View on the website (issue 26): the link for editors of the content; the public preview only with a valid signature.
  row('GET /api/admin/product/{id}/site-link', get(`/api/admin/product/${MISSING}/site-link`), CONTENT),
  row(
    'GET /api/public/preview/product/{id}',
    get('/api/public/preview/product/1?e=1&i=1&s=1&sig=forged'),
    [403, 403, 403, 403, 403, 403, 403],
  ),
  row('GET /api/admin/product/{id}', get(`/api/admin/product/${MISSING}`), CONTENT),
  row('PUT /api/admin/product/order', () => ({ url: '/api/admin/product/order', body: { ids: [MISSING] } }), CONTENT),
  row(
    'PUT /api/admin/product/{id}/instances/order',
    () => ({ url: `/api/admin/product/${MISSING}/instances/order`, body: { ids: [MISSING] } }),
    CONTENT,
  ),
  row('POST /api/admin/product', () => ({ url: '/api/admin/product', body: { slug: 'matrix', name: 'Matrix' } }), CONTENT),
  row('PUT /api/admin/product/{id}', () => ({ url: `/api/admin/product/${MISSING}`, body: { slug: 'matrix', name: 'Matrix' } }), CONTENT),
  row(
    'PATCH /api/admin/product/{id}',
    () => ({ url: `/api/admin/product/${MISSING}`, body: { field: 'status', value: 'published' } }),
    CONTENT,
  ),
  row(
    'PATCH /api/admin/product/batch',
    () => ({ url: '/api/admin/product/batch', body: { ids: [MISSING], field: 'sort_order', value: 1 } }),
    CONTENT,
  ),
  row('DELETE /api/admin/product/{id}', get(`/api/admin/product/${MISSING}`), CONTENT),
  row('DELETE /api/admin/product/batch', () => ({ url: '/api/admin/product/batch', body: { ids: [MISSING] } }), CONTENT),
  row('GET /api/admin/product/{id}/instances', get(`/api/admin/product/${MISSING}/instances`), CONTENT),
  row(
    'POST /api/admin/product/{id}/instances/generate',
    () => ({ url: `/api/admin/product/${MISSING}/instances/generate`, body: {} }),
    CONTENT,
  ),
  row(
    'PATCH /api/admin/product/{id}/instances/batch',
    () => ({ url: `/api/admin/product/${MISSING}/instances/batch`, body: { ids: [MISSING], price: 1 } }),
    CONTENT,
  ),
  row(
    'PUT /api/admin/product/{id}/instances/{instanceId}',
    () => ({ url: `/api/admin/product/${MISSING}/instances/${MISSING}`, body: { sku: 'MATRIX-1', price: 1, stock: 1 } }),
    CONTENT,
  ),
  row('GET /api/public/products', get('/api/public/products'), PUBLIC),
  row('GET /api/public/products/{slug}', get('/api/public/products/no-such-product'), [404, 404, 404, 404, 404, 404, 404]),
  row('GET /api/public/product-categories', get('/api/public/product-categories'), PUBLIC),
  // Videos.
  row('GET /api/admin/video/index', get('/api/admin/video/index'), CONTENT),
  row('GET /api/admin/video/{id}', get(`/api/admin/video/${MISSING}`), CONTENT),
  row(
    'POST /api/admin/video',
    () => ({ url: '/api/admin/video', body: { title: 'Matrix', youtube_url: 'https://youtu.be/dQw4w9WgXcQ' } }),
    CONTENT,
  ),
  row(
    'PUT /api/admin/video/{id}',
    () => ({ url: `/api/admin/video/${MISSING}`, body: { title: 'Matrix', youtube_url: 'https://youtu.be/dQw4w9WgXcQ' } }),
    CONTENT,
  ),
  row('PATCH /api/admin/video/{id}', () => ({ url: `/api/admin/video/${MISSING}`, body: { field: 'published', value: false } }), CONTENT),
  row(
    'PATCH /api/admin/video/batch',
    () => ({ url: '/api/admin/video/batch', body: { ids: [MISSING], field: 'published', value: false } }),
    CONTENT,
  ),
  row('DELETE /api/admin/video/{id}', get(`/api/admin/video/${MISSING}`), CONTENT),
  row('DELETE /api/admin/video/batch', () => ({ url: '/api/admin/video/batch', body: { ids: [MISSING] } }), CONTENT),
  row('GET /api/public/videos', get('/api/public/videos'), PUBLIC),
  // Issue 26: the website's identity: page editors and super admins; the site reads it in public.
  row('GET /api/admin/website-settings', get('/api/admin/website-settings'), CONTENT),
  row(
    'PUT /api/admin/website-settings/update',
    () => ({ url: '/api/admin/website-settings/update', body: { company_name: 'Matrix' } }),
    CONTENT,
  ),
  row('GET /api/public/website', get('/api/public/website?locale=en-US'), PUBLIC),
  // Banners.
  row('GET /api/admin/banner/index', get('/api/admin/banner/index'), CONTENT),
  // View on the website (issue 26): the link for editors of the content; the public preview only with a valid signature.
  row('GET /api/admin/banner/{id}/site-link', get(`/api/admin/banner/${MISSING}/site-link`), CONTENT),
  row(
    'GET /api/public/preview/banner/{id}',
    get('/api/public/preview/banner/1?e=1&i=1&s=1&sig=forged'),
    [403, 403, 403, 403, 403, 403, 403],
  ),
  row('GET /api/admin/banner/{id}', get(`/api/admin/banner/${MISSING}`), CONTENT),
  row(
    'POST /api/admin/banner',
    () => ({ url: '/api/admin/banner', body: { title: 'Matrix', position: 'home', photo_id: MISSING } }),
    CONTENT,
  ),
  row(
    'PUT /api/admin/banner/{id}',
    () => ({ url: `/api/admin/banner/${MISSING}`, body: { title: 'Matrix', position: 'home', photo_id: MISSING } }),
    CONTENT,
  ),
  row('PATCH /api/admin/banner/{id}', () => ({ url: `/api/admin/banner/${MISSING}`, body: { field: 'sort_order', value: 1 } }), CONTENT),
  row(
    'PATCH /api/admin/banner/batch',
    () => ({ url: '/api/admin/banner/batch', body: { ids: [MISSING], field: 'sort_order', value: 1 } }),
    CONTENT,
  ),
  row('DELETE /api/admin/banner/{id}', get(`/api/admin/banner/${MISSING}`), CONTENT),
  row('DELETE /api/admin/banner/batch', () => ({ url: '/api/admin/banner/batch', body: { ids: [MISSING] } }), CONTENT),
  row('PUT /api/admin/banner/order', () => ({ url: '/api/admin/banner/order', body: { position: 'about', ids: [MISSING] } }), CONTENT),
  row('GET /api/public/banners', get('/api/public/banners?position=home'), PUBLIC),
  // Contacts.
  row('GET /api/admin/contact/index', get('/api/admin/contact/index'), CONTENT),
  row('GET /api/admin/contact/export', get('/api/admin/contact/export'), CONTENT),
  // Issue 37: retention's preview and the inventory are the super admin's; a person's copy, correction and
  // erasure are their organization's admin's (a super admin acts in any organization; another one's staff is 404).
  row('GET /api/admin/personal-data/retention/preview', get('/api/admin/personal-data/retention/preview'), SUPER_ONLY),
  row('GET /api/admin/personal-data/inventory', get('/api/admin/personal-data/inventory'), SUPER_ONLY),
  row(
    'GET /api/admin/organization/personal-data/staff/{id}/copy',
    (f) => ({ url: `/api/admin/organization/personal-data/staff/${f.staffInA}/copy?reason=matrix` }),
    [200, 403, 200, 403, 404, 403, 401],
  ),
  row(
    'PUT /api/admin/organization/personal-data/staff/{id}/correction',
    (f) => ({ url: `/api/admin/organization/personal-data/staff/${f.staffInA}/correction`, body: { changes: {}, reason: 'matrix' } }),
    [200, 403, 200, 403, 404, 403, 401],
  ),
  row(
    'POST /api/admin/organization/personal-data/staff/{id}/erasure',
    async (f) => ({ url: `/api/admin/organization/personal-data/staff/${await f.freshStaffInA()}/erasure`, body: { reason: 'matrix' } }),
    [200, 403, 200, 403, 404, 403, 401],
  ),
  row('GET /api/admin/contact/assignees', get('/api/admin/contact/assignees'), CONTENT),
  row('GET /api/admin/contact/{id}', get(`/api/admin/contact/${MISSING}`), CONTENT),
  row(
    'PATCH /api/admin/contact/{id}',
    () => ({ url: `/api/admin/contact/${MISSING}`, body: { field: 'status', value: 'handled' } }),
    CONTENT,
  ),
  row(
    'PATCH /api/admin/contact/batch',
    () => ({ url: '/api/admin/contact/batch', body: { ids: [MISSING], field: 'status', value: 'spam' } }),
    CONTENT,
  ),
  row('DELETE /api/admin/contact/{id}', get(`/api/admin/contact/${MISSING}`), CONTENT),
  row('DELETE /api/admin/contact/batch', () => ({ url: '/api/admin/contact/batch', body: { ids: [MISSING] } }), CONTENT),
  // Public: each call comes from an address of its own, so the form's pacing per address stays out of the matrix.
  row(
    'POST /api/public/contact',
    (f) => ({
      url: '/api/public/contact',
      body: { name: 'Matrix', email: f.uniqueEmail(), message: 'Hello' },
      remoteAddress: `10.11.0.${++contactSender}`,
    }),
    PUBLIC,
  ),
  // Issue 12: members. The back office's routes: ROLE_MEMBER or a super admin (CONTENT's pattern).
  row('GET /api/admin/member/index', get('/api/admin/member/index?status=active&confirmed=true'), CONTENT),
  row('GET /api/admin/member/{id}', get(`/api/admin/member/${MISSING}`), CONTENT),
  row('PUT /api/admin/member/{id}', () => ({ url: `/api/admin/member/${MISSING}`, body: { name: 'Matrix', status: 'active' } }), CONTENT),
  row(
    'PATCH /api/admin/member/{id}',
    () => ({ url: `/api/admin/member/${MISSING}`, body: { field: 'status', value: 'disabled' } }),
    CONTENT,
  ),
  row(
    'PATCH /api/admin/member/batch',
    () => ({ url: '/api/admin/member/batch', body: { ids: [MISSING], field: 'status', value: 'disabled' } }),
    CONTENT,
  ),
  row('DELETE /api/admin/member/{id}', get(`/api/admin/member/${MISSING}`), CONTENT),
  // Issue 36: a record's history and restore (lib/kit/record-history.ts), with the roles of its resource's read and update.
  // Settings documents' history (lib/kit/document-history.ts): the roles of the document's own screen.
  row('GET /api/admin/history/app_config/{document}', get('/api/admin/history/app_config/app'), SUPER_ONLY),
  row(
    'POST /api/admin/history/app_config/{document}/restore',
    () => ({ url: '/api/admin/history/app_config/app/restore', body: { entry_id: MISSING } }),
    [404, 403, 403, 403, 403, 404, 401],
  ),
  row('GET /api/admin/history/website_settings/{document}', get('/api/admin/history/website_settings/1'), SUPER_ONLY),
  row(
    'POST /api/admin/history/website_settings/{document}/restore',
    () => ({ url: '/api/admin/history/website_settings/1/restore', body: { entry_id: MISSING } }),
    [404, 403, 403, 403, 403, 404, 401],
  ),
  row('GET /api/admin/history/mail_template/{document}', get('/api/admin/history/mail_template/sign_in_code:en-US'), SUPER_ONLY),
  row(
    'POST /api/admin/history/mail_template/{document}/restore',
    () => ({ url: '/api/admin/history/mail_template/sign_in_code:en-US/restore', body: { entry_id: MISSING } }),
    [404, 403, 403, 403, 403, 404, 401],
  ),
  row('GET /api/admin/history/staff/{id}', (f) => ({ url: `/api/admin/history/staff/${f.staffInA}` }), STAFF_READ_ROW_IN_A),
  row(
    'POST /api/admin/history/staff/{id}/restore',
    (f) => ({ url: `/api/admin/history/staff/${f.staffInA}/restore`, body: { entry_id: MISSING } }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row('GET /api/admin/history/admin/{id}', (f) => ({ url: `/api/admin/history/admin/${f.adminInA}` }), [200, 403, 200, 403, 404, 200, 401]),
  row(
    'POST /api/admin/history/admin/{id}/restore',
    (f) => ({ url: `/api/admin/history/admin/${f.adminInA}/restore`, body: { entry_id: MISSING } }),
    [404, 403, 404, 403, 404, 404, 401],
  ),
  row('GET /api/admin/history/organization/{id}', (f) => ({ url: `/api/admin/history/organization/${f.orgA}` }), SUPER_ONLY),
  row(
    'POST /api/admin/history/organization/{id}/restore',
    (f) => ({ url: `/api/admin/history/organization/${f.orgA}/restore`, body: { entry_id: MISSING } }),
    [404, 403, 403, 403, 403, 404, 401],
  ),
  row('GET /api/admin/history/page/{id}', get(`/api/admin/history/page/${MISSING}`), CONTENT),
  row(
    'POST /api/admin/history/page/{id}/restore',
    () => ({ url: `/api/admin/history/page/${MISSING}/restore`, body: { entry_id: 1 } }),
    CONTENT,
  ),
  row('GET /api/admin/history/banner/{id}', get(`/api/admin/history/banner/${MISSING}`), CONTENT),
  row(
    'POST /api/admin/history/banner/{id}/restore',
    () => ({ url: `/api/admin/history/banner/${MISSING}/restore`, body: { entry_id: 1 } }),
    CONTENT,
  ),
  row('GET /api/admin/history/product/{id}', get(`/api/admin/history/product/${MISSING}`), CONTENT),
  row(
    'POST /api/admin/history/product/{id}/restore',
    () => ({ url: `/api/admin/history/product/${MISSING}/restore`, body: { entry_id: 1 } }),
    CONTENT,
  ),
  row('GET /api/admin/history/member/{id}', get(`/api/admin/history/member/${MISSING}`), CONTENT),
  row(
    'POST /api/admin/history/member/{id}/restore',
    () => ({ url: `/api/admin/history/member/${MISSING}/restore`, body: { entry_id: 1 } }),
    CONTENT,
  ),
  row('DELETE /api/admin/member/batch', () => ({ url: '/api/admin/member/batch', body: { ids: [MISSING] } }), CONTENT),
  row('POST /api/admin/member/{id}/reset-password', () => ({ url: `/api/admin/member/${MISSING}/reset-password`, body: {} }), CONTENT),
  row('GET /api/admin/member/{id}/devices', get(`/api/admin/member/${MISSING}/devices`), CONTENT),
  row('DELETE /api/admin/member/{id}/devices/{deviceId}', get(`/api/admin/member/${MISSING}/devices/${MISSING}`), CONTENT),
  // The members' own routes: public ones answer anyone alike; the others open to a member token only,
  // so every admin (even the maintainer) is 401 there (test/token-wall.test.ts walks them all).
  row(
    'POST /api/member/account/sign-up',
    () => ({ url: '/api/member/account/sign-up', body: { email: 'not-an-email', password: 'x', name: '' } }),
    [400, 400, 400, 400, 400, 400, 400],
  ),
  row(
    'POST /api/member/account/confirm',
    () => ({ url: '/api/member/account/confirm', body: { token: 'made-up' } }),
    [400, 400, 400, 400, 400, 400, 400],
  ),
  row(
    'POST /api/member/account/login',
    (f) => ({ url: '/api/member/account/login', body: { email: f.uniqueEmail(), password: 'wrong' } }),
    [401, 401, 401, 401, 401, 401, 401],
  ),
  row(
    'POST /api/member/account/login-via-email-otp',
    (f) => ({ url: '/api/member/account/login-via-email-otp', body: { email: f.uniqueEmail(), code: '000000' } }),
    [401, 401, 401, 401, 401, 401, 401],
  ),
  row(
    'POST /api/member/account/oauth-url/{provider}',
    () => ({ url: '/api/member/account/oauth-url/line', body: {} }),
    [404, 404, 404, 404, 404, 404, 404],
  ),
  row(
    'POST /api/member/account/oauth-login/{provider}',
    () => ({ url: '/api/member/account/oauth-login/line', body: { code: 'x', state: 'y' } }),
    [404, 404, 404, 404, 404, 404, 404],
  ),
  row(
    'POST /api/member/account/send-reset-password-mail',
    () => ({ url: '/api/member/account/send-reset-password-mail', body: { email: 'not-an-email' } }),
    [400, 400, 400, 400, 400, 400, 400],
  ),
  row(
    'POST /api/member/account/reset-password-by-mail',
    () => ({ url: '/api/member/account/reset-password-by-mail', body: { token: 'made-up', password: 'Whatever-1!' } }),
    [400, 400, 400, 400, 400, 400, 400],
  ),
  row('GET /api/member/account/profile', get('/api/member/account/profile'), [401, 401, 401, 401, 401, 401, 401]),
  row(
    'PUT /api/member/account/profile',
    () => ({ url: '/api/member/account/profile', body: { name: 'x' } }),
    [401, 401, 401, 401, 401, 401, 401],
  ),
  row('POST /api/member/account/renew', () => ({ url: '/api/member/account/renew', body: {} }), [401, 401, 401, 401, 401, 401, 401]),
  row('POST /api/member/account/logout', () => ({ url: '/api/member/account/logout', body: {} }), [401, 401, 401, 401, 401, 401, 401]),
  // Issue 26: a member's own e-mail and password change (member token only), and the confirmation mail again (public).
  row(
    'PUT /api/member/account/email',
    () => ({ url: '/api/member/account/email', body: { email: 'matrix-new@example.com' } }),
    [401, 401, 401, 401, 401, 401, 401],
  ),
  row(
    'POST /api/member/account/email/confirm',
    () => ({ url: '/api/member/account/email/confirm', body: { code: '000000' } }),
    [401, 401, 401, 401, 401, 401, 401],
  ),
  row('DELETE /api/member/account/email', () => ({ url: '/api/member/account/email' }), [401, 401, 401, 401, 401, 401, 401]),
  row(
    'PUT /api/member/account/password',
    () => ({ url: '/api/member/account/password', body: { current_password: 'x', password: 'Another#1' } }),
    [401, 401, 401, 401, 401, 401, 401],
  ),
  row(
    'POST /api/member/account/resend-confirmation',
    () => ({ url: '/api/member/account/resend-confirmation', body: { email: 'not-an-email' } }),
    [400, 400, 400, 400, 400, 400, 400],
  ),
  // Issue 38: sites, subcontractors and rosters, as staff records are (organization B's admin gets 404 on A's rows).
  row('GET /api/admin/organization/sites/index', get('/api/admin/organization/sites/index'), STAFF_READ_OWN_ORG),
  row(
    'GET /api/admin/organization/sites/{id}',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}` }),
    STAFF_READ_ROW_IN_A,
  ),
  row(
    'POST /api/admin/organization/sites',
    () => ({ url: '/api/admin/organization/sites', body: { name: 'Matrix Site' } }),
    STAFF_WRITE_OWN_ORG,
  ),
  row(
    'PUT /api/admin/organization/sites/{id}',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}`, body: { name: 'Matrix Site' } }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'PATCH /api/admin/organization/sites/{id}',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}`, body: { field: 'status', value: 'completed' } }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'DELETE /api/admin/organization/sites/{id}',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}` }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'DELETE /api/admin/organization/sites/batch',
    async (f) => ({ url: '/api/admin/organization/sites/batch', body: { ids: [await f.freshSiteInA()] } }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row('GET /api/admin/history/site/{id}', async (f) => ({ url: `/api/admin/history/site/${await f.freshSiteInA()}` }), STAFF_READ_ROW_IN_A),
  row(
    'POST /api/admin/history/site/{id}/restore',
    async (f) => ({ url: `/api/admin/history/site/${await f.freshSiteInA()}/restore`, body: { entry_id: MISSING } }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'GET /api/admin/organization/sites/{id}/contractors',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}/contractors` }),
    STAFF_READ_ROW_IN_A,
  ),
  row(
    'PUT /api/admin/organization/sites/{id}/contractors',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}/contractors`, body: { contractor_ids: [] } }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'GET /api/admin/organization/sites/{id}/roster',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}/roster` }),
    STAFF_READ_ROW_IN_A,
  ),
  row(
    'POST /api/admin/organization/sites/{id}/roster',
    async (f) => ({
      url: `/api/admin/organization/sites/${await f.freshSiteInA()}/roster`,
      body: { staff_ids: [await f.freshStaffInA()], site_role: 'worker', starts_on: '2026-01-01' },
    }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'PUT /api/admin/organization/sites/{id}/roster/{rowId}',
    async (f) => {
      const { siteId, rowId } = await f.freshRosterRowInA();
      return { url: `/api/admin/organization/sites/${siteId}/roster/${rowId}`, body: { site_role: 'worker', starts_on: '2026-01-01' } };
    },
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'DELETE /api/admin/organization/sites/{id}/roster/{rowId}',
    async (f) => {
      const { siteId, rowId } = await f.freshRosterRowInA();
      return { url: `/api/admin/organization/sites/${siteId}/roster/${rowId}` };
    },
    STAFF_WRITE_ROW_IN_A,
  ),
  row('GET /api/admin/organization/contractors/index', get('/api/admin/organization/contractors/index'), STAFF_READ_OWN_ORG),
  row(
    'GET /api/admin/organization/contractors/{id}',
    async (f) => ({ url: `/api/admin/organization/contractors/${await f.freshContractorInA()}` }),
    STAFF_READ_ROW_IN_A,
  ),
  row(
    'POST /api/admin/organization/contractors',
    (f) => ({ url: '/api/admin/organization/contractors', body: { name: `Matrix ${f.uniqueEmail()}` } }),
    STAFF_WRITE_OWN_ORG,
  ),
  row(
    'PUT /api/admin/organization/contractors/{id}',
    async (f) => ({
      url: `/api/admin/organization/contractors/${await f.freshContractorInA()}`,
      body: { name: `Matrix ${f.uniqueEmail()}` },
    }),
    STAFF_WRITE_ROW_IN_A,
  ),
  // Issue 39: passes (written by those who write sites), the gate (its keeper, the director and staff writers;
  // a staff reader is refused) and the entry log (site readers). No column holds the site director's role.
  row(
    'GET /api/admin/organization/sites/{id}/passes',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}/passes` }),
    STAFF_READ_ROW_IN_A,
  ),
  row(
    'POST /api/admin/organization/sites/{id}/passes',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}/passes`, body: {} }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'POST /api/admin/organization/sites/{id}/passes/{passId}/revoke',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}/passes/${MISSING}/revoke`, body: { reason: 'lost' } }),
    [403, 403, 404, 403, 404, 403, 401],
  ),
  row(
    'POST /api/admin/organization/sites/{id}/passes/{passId}/reissue',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}/passes/${MISSING}/reissue`, body: {} }),
    [403, 403, 404, 403, 404, 403, 401],
  ),
  row(
    'POST /api/admin/organization/sites/{id}/passes/{passId}/phone-link',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}/passes/${MISSING}/phone-link`, body: {} }),
    [403, 403, 404, 403, 404, 403, 401],
  ),
  row(
    'GET /api/admin/organization/sites/{id}/passes/{passId}/photo',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}/passes/${MISSING}/photo` }),
    [403, 403, 404, 404, 404, 403, 401],
  ),
  row('GET /api/public/passes/{token}', get('/api/public/passes/forged'), [404, 404, 404, 404, 404, 404, 404]),
  row('GET /api/public/passes/{token}/photo', get('/api/public/passes/forged/photo'), [404, 404, 404, 404, 404, 404, 404]),
  row('GET /api/admin/organization/gate/sites', get('/api/admin/organization/gate/sites'), STAFF_WRITE_OWN_ORG),
  row('GET /api/admin/organization/gate/key', get('/api/admin/organization/gate/key'), STAFF_WRITE_OWN_ORG),
  row(
    'GET /api/admin/organization/gate/sites/{id}/snapshot',
    async (f) => ({ url: `/api/admin/organization/gate/sites/${await f.freshSiteInA()}/snapshot` }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'GET /api/admin/organization/gate/sites/{id}/workers',
    async (f) => ({ url: `/api/admin/organization/gate/sites/${await f.freshSiteInA()}/workers?keyword=Matrix` }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'GET /api/admin/organization/gate/sites/{id}/workers/{staffId}/photo',
    async (f) => ({ url: `/api/admin/organization/gate/sites/${await f.freshSiteInA()}/workers/${MISSING}/photo` }),
    [403, 403, 404, 403, 404, 403, 401],
  ),
  row(
    'POST /api/admin/organization/gate/sites/{id}/scans',
    async (f) => ({
      url: `/api/admin/organization/gate/sites/${await f.freshSiteInA()}/scans`,
      body: { client_entry_id: `matrix-${f.uniqueEmail()}`, code: 'AAAA-AAAA' },
    }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'POST /api/admin/organization/gate/sites/{id}/scans/batch',
    async (f) => ({
      url: `/api/admin/organization/gate/sites/${await f.freshSiteInA()}/scans/batch`,
      body: { scans: [{ client_entry_id: `matrix-${f.uniqueEmail()}`, code: 'AAAA-AAAA' }] },
    }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'POST /api/admin/organization/gate/sites/{id}/entries/{entryId}/override',
    async (f) => ({
      url: `/api/admin/organization/gate/sites/${await f.freshSiteInA()}/entries/${MISSING}/override`,
      body: { reason: '已當場完成危害告知' },
    }),
    [403, 403, 403, 403, 403, 403, 401],
  ),
  row(
    'GET /api/admin/organization/sites/{id}/entries',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}/entries` }),
    STAFF_READ_ROW_IN_A,
  ),
  row(
    'GET /api/admin/organization/sites/{id}/on-site',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}/on-site` }),
    STAFF_READ_ROW_IN_A,
  ),
  row(
    'GET /api/admin/organization/sites/{id}/attendance.xlsx',
    async (f) => ({ url: `/api/admin/organization/sites/${await f.freshSiteInA()}/attendance.xlsx?from=2026-03-01&to=2026-03-31` }),
    STAFF_READ_ROW_IN_A,
  ),
  row('GET /api/admin/organization/compliance/overrides', get('/api/admin/organization/compliance/overrides'), STAFF_READ_OWN_ORG),
  row(
    'DELETE /api/admin/organization/contractors/{id}',
    async (f) => ({ url: `/api/admin/organization/contractors/${await f.freshContractorInA()}` }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'DELETE /api/admin/organization/contractors/batch',
    async (f) => ({ url: '/api/admin/organization/contractors/batch', body: { ids: [await f.freshContractorInA()] } }),
    STAFF_WRITE_ROW_IN_A,
  ),
  row(
    'GET /api/admin/history/contractor/{id}',
    async (f) => ({ url: `/api/admin/history/contractor/${await f.freshContractorInA()}` }),
    STAFF_READ_ROW_IN_A,
  ),
  row(
    'POST /api/admin/history/contractor/{id}/restore',
    async (f) => ({ url: `/api/admin/history/contractor/${await f.freshContractorInA()}/restore`, body: { entry_id: MISSING } }),
    STAFF_WRITE_ROW_IN_A,
  ),
];
