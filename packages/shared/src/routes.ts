import { ROLES } from './permissions.ts';

/**
 * The web route table of spec section 2 with the roles of section 6. The router and the menu
 * are both built from it; `name` is the i18n key suffix (`route.<name>`) and the component key.
 */
export type RouteLayout = 'default' | 'admin';
export interface AppRoute {
  name: string;
  path: string;
  layout: RouteLayout;
  roles: readonly string[];
  mode?: 'create' | 'update';
  /** Public routes need no sign-in. */
  public?: boolean;
  /** Feature flag of the application config that must be on. */
  flag?: 'adminGroup' | 'adminSubAccount';
}

export const PUBLIC_ROUTES: AppRoute[] = [
  { name: 'home', path: '/', layout: 'default', roles: [], public: true },
  { name: 'debug', path: '/debug', layout: 'default', roles: [], public: true },
  { name: 'oauth-return', path: '/oauth-return/:provider', layout: 'default', roles: [], public: true },
  { name: 'send-reset-password-email', path: '/send-reset-password-email', layout: 'default', roles: [], public: true },
  { name: 'login-via-email-otp', path: '/login-via-email-otp', layout: 'default', roles: [], public: true },
  { name: 'not-found', path: '/404', layout: 'default', roles: [], public: true },
];

const a = (path: string) => (path ? `/admin/${path}` : '/admin');

export const ADMIN_ROUTES: AppRoute[] = [
  { name: 'overview', path: a(''), layout: 'admin', roles: [] },
  { name: 'admin.otp', path: a('otp'), layout: 'admin', roles: ROLES.otp },
  { name: 'admin.file', path: a('file'), layout: 'admin', roles: ROLES.file },
  { name: 'admin_debug.mail_template', path: a('debug/mail-template'), layout: 'admin', roles: ROLES.debug },
  { name: 'admin_debug.html_editor', path: a('debug/html-editor'), layout: 'admin', roles: ROLES.debug },
  { name: 'admin_debug.video_player', path: a('debug/video-player'), layout: 'admin', roles: ROLES.debug },
  { name: 'admin_debug.log_viewer', path: a('debug/log-viewer'), layout: 'admin', roles: ROLES.debug },
  { name: 'profile', path: a('profile'), layout: 'admin', roles: [] },
  { name: 'admin.list', path: a('admin'), layout: 'admin', roles: ROLES.superAdmin },
  { name: 'admin.create', path: a('admin/create'), layout: 'admin', roles: ROLES.superAdmin, mode: 'create' },
  { name: 'admin.update', path: a('admin/:target/update'), layout: 'admin', roles: ROLES.adminUpdate, mode: 'update' },
  { name: 'admin-group.list', path: a('admin-group'), layout: 'admin', roles: ROLES.superAdmin, flag: 'adminGroup' },
  { name: 'admin-group.update', path: a('admin-group/:target/update'), layout: 'admin', roles: ROLES.superAdmin, mode: 'update', flag: 'adminGroup' },
  { name: 'audit-log.list', path: a('audit-log'), layout: 'admin', roles: ROLES.superAdmin },
  { name: 'reset-password', path: a('reset-password'), layout: 'admin', roles: [] },
  { name: 'create-admin-session', path: a('create-admin-session'), layout: 'admin', roles: [] },
  { name: 'admin-organization.list', path: a('admin-organization'), layout: 'admin', roles: ROLES.superAdmin, flag: 'adminSubAccount' },
  { name: 'admin-organization.create', path: a('admin-organization/create'), layout: 'admin', roles: ROLES.superAdmin, mode: 'create', flag: 'adminSubAccount' },
  { name: 'admin-organization.update', path: a('admin-organization/:target/update'), layout: 'admin', roles: ROLES.superAdmin, mode: 'update', flag: 'adminSubAccount' },
  { name: 'organization', path: a('organization'), layout: 'admin', roles: ROLES.organizationAdmin, mode: 'update' },
  { name: 'photo.list', path: a('photo'), layout: 'admin', roles: ROLES.photoList },
  { name: 'staff.list', path: a('staff'), layout: 'admin', roles: ROLES.staffList },
  { name: 'staff.create', path: a('staff/create'), layout: 'admin', roles: ROLES.staffWrite, mode: 'create' },
  { name: 'staff.import', path: a('staff/import'), layout: 'admin', roles: ROLES.staffWrite },
  { name: 'staff.update', path: a('staff/:target/update'), layout: 'admin', roles: ROLES.staffRead, mode: 'update' },
  { name: 'staff-excel.list', path: a('staff-excel'), layout: 'admin', roles: ROLES.staffRead },
  { name: 'staff-excel.create', path: a('staff-excel/create'), layout: 'admin', roles: ROLES.staffWrite, mode: 'create' },
  { name: 'staff-excel.update', path: a('staff-excel/:target/update'), layout: 'admin', roles: ROLES.staffRead, mode: 'update' },
  { name: 'staff-excel.export', path: a('staff-excel/:target/export'), layout: 'admin', roles: ROLES.staffRead },
  { name: 'admin-not-found', path: a('404'), layout: 'admin', roles: [] },
];

export const ALL_ROUTES = [...PUBLIC_ROUTES, ...ADMIN_ROUTES];

/** Menu of spec section 2; `roles` as in section 6 (menu rules differ from route rules for debug and photo). */
export interface MenuItem {
  key: string;
  icon?: string;
  route?: string;
  roles: readonly string[];
  flag?: AppRoute['flag'];
  /** Opens in a new tab through create-admin-session?path=… */
  externalPath?: string;
  children?: MenuItem[];
}

/**
 * The API page of the log viewer, the only /api/ path create-admin-session may open. It has no
 * server route yet: the menu entry opens the admin_debug.log_viewer screen (a placeholder) until it does.
 */
export const LOG_VIEWER_PATH = '/api/admin/debug/log-viewer';

export const ADMIN_MENU: MenuItem[] = [
  { key: 'overview', icon: 'dashboard', route: 'overview', roles: [] },
  {
    key: 'debug', icon: 'bug', roles: ROLES.debugMenu, children: [
      { key: 'mail-template', route: 'admin_debug.mail_template', roles: ROLES.debugMenu },
      { key: 'html-editor', route: 'admin_debug.html_editor', roles: ROLES.debugMenu },
      { key: 'log-viewer', route: 'admin_debug.log_viewer', roles: ROLES.debugMenu },
    ],
  },
  { key: 'otp', icon: 'key', route: 'admin.otp', roles: ROLES.otp },
  { key: 'file', icon: 'folder', route: 'admin.file', roles: ROLES.file },
  { key: 'organization', icon: 'bank', route: 'organization', roles: ROLES.organizationAdmin },
  {
    key: 'staff-group', icon: 'team', roles: ROLES.staffList, children: [
      { key: 'staff', route: 'staff.list', roles: ROLES.staffList },
      { key: 'staff-excel', route: 'staff-excel.list', roles: ROLES.staffMenu },
    ],
  },
  {
    key: 'admin-group', icon: 'safety', roles: ROLES.superAdmin, children: [
      { key: 'admin', route: 'admin.list', roles: ROLES.superAdmin },
      { key: 'admin-group', route: 'admin-group.list', roles: ROLES.superAdmin, flag: 'adminGroup' },
      { key: 'admin-organization', route: 'admin-organization.list', roles: ROLES.superAdmin, flag: 'adminSubAccount' },
      { key: 'audit-log', route: 'audit-log.list', roles: ROLES.superAdmin },
    ],
  },
  { key: 'photo', icon: 'picture', route: 'photo.list', roles: ROLES.photo },
];
