import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG, type FlagSource } from '@bo/shared/app-config';
import { isSafeRelativePath } from '../lib/safe-path.ts';
import { LOG_VIEWER_PATH, mayOpenInSession } from '../lib/admin-session.ts';
import { ADMIN_ROUTES, canOpen, routerRoutes } from './route-table.ts';
import { visibleMenu, type VisibleMenuItem } from './menu.ts';

/** The default config: adminGroup off, adminSubAccount on, every content module on. */
const flags: FlagSource = DEFAULT_APP_CONFIG;
const keys = (items: VisibleMenuItem[]): string[] =>
  items.flatMap((m) => (m.children ? [`${m.key}:[${keys(m.children).join(',')}]`] : [m.key]));
const menuFor = (roles: string[], f = flags) => keys(visibleMenu(roles, f));
const route = (name: string) => ADMIN_ROUTES.find((r) => r.name === name)!;

describe('menu filtered by role (spec sections 2 and 6)', () => {
  it('super admin: OTP, files, the website group, organization, the staff list (read across organizations, issue 14.2), mail (issue 26) and the admin group, no debug, staff excel or photo', () => {
    expect(menuFor(['ROLE_SUPER_ADMIN'])).toEqual([
      'overview',
      'review',
      'otp',
      'file',
      'content:[page,page-category,banner,video,contact,product,product-category,member,website-settings]',
      'organization',
      'staff-group:[staff]',
      'compliance-group:[compliance-across,compliance-rules]',
      'mail:[mail-templates,mail-outbox-list]',
      'admin-group:[admin,admin-organization,audit-log,app-settings,review-settings,personal-data,operations,security]',
    ]);
  });
  it('maintainer passes every check, debug group included', () => {
    expect(menuFor(['ROLE_MAINTAINER'])).toEqual([
      'overview',
      'review',
      'debug:[mail-template,mail-outbox,html-editor,video-player,log-viewer]',
      'otp',
      'file',
      'content:[page,page-category,banner,video,contact,product,product-category,member,website-settings]',
      'organization',
      'staff-group:[staff,staff-excel,site,contractor]',
      'gate',
      'compliance-group:[compliance,compliance-across,compliance-rules]',
      'mail:[mail-templates,mail-outbox-list]',
      'admin-group:[admin,admin-organization,audit-log,app-settings,review-settings,personal-data,operations,security]',
      'photo',
    ]);
  });
  it("super admins' mail group opens the mail templates and the outbox, the debug group's screens, at their own paths (issue 26)", () => {
    const mail = visibleMenu(['ROLE_SUPER_ADMIN'], flags).find((m) => m.key === 'mail')!;
    expect(mail.children!.map((c) => c.path)).toEqual(['/admin/mail/template', '/admin/mail/outbox']);
    expect(canOpen(route('admin_mail.outbox'), ['ROLE_SUPER_ADMIN'])).toBe(true);
    expect(canOpen(route('admin_mail.outbox'), ['ROLE_STAFF', 'ROLE_BASE'])).toBe(false);
    expect(visibleMenu(['ROLE_STAFF'], flags).find((m) => m.key === 'mail')).toBeUndefined();
  });
  it('base admin: overview and the file manager', () => {
    expect(menuFor(['ROLE_BASE'])).toEqual(['overview', 'file']);
  });
  it('photo role: the photo entry (and files, as any ROLE_ passes ROLE_BASE)', () => {
    expect(menuFor(['ROLE_PHOTO'])).toEqual(['overview', 'file', 'photo']);
  });
  it('staff role: the staff group', () => {
    expect(menuFor(['ROLE_STAFF'])).toEqual([
      'overview',
      'file',
      'staff-group:[staff,staff-excel,site,contractor]',
      'gate',
      'compliance-group:[compliance,compliance-across,compliance-rules]',
    ]);
  });
  it('sub-account admin: organization and staff, no file manager', () => {
    expect(menuFor(['SUB_ACCOUNT_ROLE_ADMIN'])).toEqual([
      'overview',
      'organization',
      'staff-group:[staff,staff-excel,site,contractor]',
      'gate',
      'compliance-group:[compliance,compliance-rules]',
    ]);
  });
  it('staff reader and writer: the staff group and the compliance dashboard', () => {
    expect(menuFor(['SUB_ACCOUNT_ROLE_STAFF_READ'])).toEqual([
      'overview',
      'staff-group:[staff,staff-excel,site,contractor]',
      'compliance-group:[compliance,compliance-rules]',
    ]);
    expect(menuFor(['SUB_ACCOUNT_ROLE_STAFF_WRITE'])).toEqual([
      'overview',
      'staff-group:[staff,staff-excel,site,contractor]',
      'gate',
      'compliance-group:[compliance,compliance-rules]',
    ]);
  });
  it('gate keeper: the gate screen and nothing else (issue 39); the site director the gate screen too', () => {
    expect(menuFor(['SUB_ACCOUNT_ROLE_GATE'])).toEqual(['overview', 'gate']);
    expect(menuFor(['SUB_ACCOUNT_ROLE_SITE_DIRECTOR'])).toContain('gate');
    expect(canOpen(route('gate.screen'), ['SUB_ACCOUNT_ROLE_GATE'])).toBe(true);
    expect(canOpen(route('staff.list'), ['SUB_ACCOUNT_ROLE_GATE'])).toBe(false);
  });
  it('content roles: each its own entry in the website group; a module switched off leaves the menu and the routes', () => {
    expect(menuFor(['ROLE_VIDEO'])).toEqual(['overview', 'review', 'file', 'content:[video]']);
    // Issue 26: the website settings are the page editors' (and super admins'), whatever module is off.
    expect(menuFor(['ROLE_PAGE'])).toEqual(['overview', 'review', 'file', 'content:[page,page-category,website-settings]']);
    expect(canOpen(route('website-settings'), ['ROLE_BANNER'])).toBe(false);
    expect(menuFor(['ROLE_CONTACT', 'ROLE_BANNER'])).toEqual(['overview', 'review', 'file', 'content:[banner,contact]']);
    const videoOff = { ...flags, modules: { ...DEFAULT_APP_CONFIG.modules, video: false } };
    expect(menuFor(['ROLE_VIDEO'], videoOff)).toEqual(['overview', 'review', 'file']);
    expect(routerRoutes(videoOff).adminRoutes.map((r) => r.name)).not.toContain('video.list');
    expect(routerRoutes(flags).adminRoutes.map((r) => r.name)).toContain('video.list');
  });
  it('product role: products and their categories in the website group, after contacts; gone with modules.product off', () => {
    expect(menuFor(['ROLE_PRODUCT'])).toEqual(['overview', 'review', 'file', 'content:[product,product-category]']);
    expect(menuFor(['ROLE_CONTACT', 'ROLE_PRODUCT'])).toEqual(['overview', 'review', 'file', 'content:[contact,product,product-category]']);
    const content = visibleMenu(['ROLE_PRODUCT'], flags).find((m) => m.key === 'content')!;
    expect(content.children!.map((c) => c.path)).toEqual(['/admin/product', '/admin/product-category']);
    const productOff = { ...flags, modules: { ...DEFAULT_APP_CONFIG.modules, product: false } };
    expect(menuFor(['ROLE_PRODUCT'], productOff)).toEqual(['overview', 'review', 'file']);
    const names = routerRoutes(productOff).adminRoutes.map((r) => r.name);
    for (const name of ['product.list', 'product.create', 'product.update', 'product-category.list', 'product-category.update'])
      expect(names).not.toContain(name);
    expect(routerRoutes(flags).adminRoutes.map((r) => r.name)).toEqual(
      expect.arrayContaining(['product.list', 'product.create', 'product.update', 'product-category.list', 'product-category.update']),
    );
  });
  it('member role: members in the website group, after products; list and update, no create; gone with modules.member off', () => {
    expect(menuFor(['ROLE_MEMBER'])).toEqual(['overview', 'file', 'content:[member]']);
    expect(menuFor(['ROLE_PRODUCT', 'ROLE_MEMBER'])).toEqual(['overview', 'review', 'file', 'content:[product,product-category,member]']);
    const content = visibleMenu(['ROLE_MEMBER'], flags).find((m) => m.key === 'content')!;
    expect(content.children!.map((c) => c.path)).toEqual(['/admin/member']);
    const names = routerRoutes(flags).adminRoutes.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['member.list', 'member.update']));
    expect(names).not.toContain('member.create');
    expect(route('member.update').path).toBe('/admin/member/:target/update');
    const memberOff = { ...flags, modules: { ...DEFAULT_APP_CONFIG.modules, member: false } };
    expect(menuFor(['ROLE_MEMBER'], memberOff)).toEqual(['overview', 'file']);
    for (const name of ['member.list', 'member.update']) expect(routerRoutes(memberOff).adminRoutes.map((r) => r.name)).not.toContain(name);
  });
  it('no roles: only the overview', () => {
    expect(menuFor([])).toEqual(['overview']);
  });
  it('feature flags show or hide the admin group and organization entries', () => {
    expect(menuFor(['ROLE_SUPER_ADMIN'], { adminGroup: true, adminSubAccount: false })).toContain(
      'admin-group:[admin,admin-group,audit-log,app-settings,review-settings,personal-data,operations,security]',
    );
  });
  it('menu entries carry their route paths; the log viewer opens in a new tab through create-admin-session (spec section 2)', () => {
    const debug = visibleMenu(['ROLE_MAINTAINER'], flags).find((m) => m.key === 'debug')!;
    expect(debug.children!.map((c) => c.path ?? c.externalPath)).toEqual([
      '/admin/debug/mail-template',
      '/admin/debug/mail-outbox',
      '/admin/debug/html-editor',
      '/admin/debug/video-player',
      LOG_VIEWER_PATH,
    ]);
    expect(debug.children!.find((c) => c.key === 'log-viewer')!.externalPath).toBe('/admin/debug/log-viewer');
    expect(canOpen(route('admin_debug.log_viewer'), ['ROLE_MAINTAINER'])).toBe(true);
    expect(canOpen(route('admin_debug.log_viewer'), ['ROLE_SUPER_ADMIN'])).toBe(false);
  });
  it('the log viewer screen is named in both languages', async () => {
    const { registerScreens, routeComponents } = await import('./route-components.tsx');
    registerScreens((await import('./features.ts')).FEATURES);
    expect(routeComponents['admin_debug.log_viewer']).toBeDefined();
    await import('../i18n/admin-titles.ts');
    await (await import('../i18n/index.ts')).loadLanguage('en-US');
    const { titleResources } = await import('./route-titles.ts');
    const { FEATURES } = await import('./features.ts');
    const zh = titleResources(FEATURES, 'zh-TW');
    const en = titleResources(FEATURES, 'en-US');
    expect(zh.route.admin_debug.log_viewer).toBe('系統日誌');
    expect(en.route.admin_debug.log_viewer).toBe('Log viewer');
  });
});

describe('route access (spec section 6)', () => {
  const cases: Array<[string, string[], boolean]> = [
    ['overview', [], true],
    ['admin.otp', ['ROLE_BASE'], false],
    ['admin.otp', ['ROLE_SUPER_ADMIN'], true],
    ['admin.file', ['ROLE_PHOTO'], true],
    ['admin.file', ['SUB_ACCOUNT_ROLE_ADMIN'], false],
    ['admin_debug.mail_template', ['ROLE_BASE'], false],
    ['admin_debug.mail_template', ['ROLE_SUPER_ADMIN'], true],
    ['admin.list', ['SUB_ACCOUNT_ROLE_ADMIN'], false],
    ['admin.update', ['SUB_ACCOUNT_ROLE_ADMIN'], true],
    ['photo.list', ['ROLE_STAFF'], true],
    ['photo.list', ['SUB_ACCOUNT_ROLE_STAFF_READ'], false],
    ['staff.list', ['SUB_ACCOUNT_ROLE_STAFF_READ'], true],
    ['staff.list', ['ROLE_BASE'], false],
    ['staff.create', ['SUB_ACCOUNT_ROLE_STAFF_READ'], false],
    ['staff.create', ['SUB_ACCOUNT_ROLE_STAFF_WRITE'], true],
    ['audit-log.list', ['ROLE_MAINTAINER'], true],
    ['product.list', ['ROLE_PRODUCT'], true],
    ['product.update', ['ROLE_SUPER_ADMIN'], true],
    ['product.create', ['ROLE_PAGE'], false],
    ['product-category.list', ['ROLE_PRODUCT'], true],
    ['product-category.list', ['ROLE_BASE'], false],
    ['member.list', ['ROLE_MEMBER'], true],
    ['member.update', ['ROLE_SUPER_ADMIN'], true],
    ['member.list', ['ROLE_PAGE'], false],
    ['member.update', ['ROLE_PRODUCT'], false],
  ];
  it.each(cases)('%s with %j → %s', (name, roles, ok) => {
    expect(canOpen(route(name), roles)).toBe(ok);
  });
  it('drops feature-flagged routes whose flag is off', () => {
    const names = routerRoutes(DEFAULT_APP_CONFIG).adminRoutes.map((r) => r.name);
    expect(names).not.toContain('admin-group.list');
    expect(names).toContain('admin-organization.list');
    expect(routerRoutes({ adminGroup: true, adminSubAccount: false }).adminRoutes.map((r) => r.name)).not.toContain(
      'admin-organization.list',
    );
  });
});

describe('create-admin-session paths', () => {
  it('accepts relative same-origin paths only', () => {
    expect(isSafeRelativePath('/api/admin/debug/log-viewer')).toBe(true);
    expect(isSafeRelativePath('/admin/profile?x=1')).toBe(true);
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'admin', '', null, '/\tx']) {
      expect(isSafeRelativePath(bad as string)).toBe(false);
    }
  });
  it('opens app screens only: no API path, nothing off the origin', () => {
    expect(mayOpenInSession(LOG_VIEWER_PATH)).toBe(true);
    expect(mayOpenInSession(`${LOG_VIEWER_PATH}?file=server-2026-01-01.log`)).toBe(true);
    expect(mayOpenInSession('/admin/profile')).toBe(true);
    for (const bad of ['/api/admin/file/1/download', '/api/admin/debug/logs', '/api?x=1', 'https://evil.example', '//evil.example', null]) {
      expect(mayOpenInSession(bad)).toBe(false);
    }
  });
});
