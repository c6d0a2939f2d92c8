import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * One lazy screen per route name of packages/shared/src/routes.ts. Each page module has a
 * default export taking no props; it reads its route meta with `useRouteMeta()` and its
 * parameters with react-router's `useParams()`. Owners replace their placeholder line.
 */
const placeholder = () => import('../features/placeholder/placeholder-page.tsx');

export const routeComponents: Record<string, LazyExoticComponent<ComponentType>> = {
  // public
  home: lazy(() => import('../features/account/sign-in-page.tsx')),
  debug: lazy(() => import('../features/debug/client-debug-page.tsx')),
  'oauth-return': lazy(placeholder), // owner: account (social sign-in, later issue)
  'send-reset-password-email': lazy(placeholder), // owner: account (later issue)
  'login-via-email-otp': lazy(placeholder), // owner: account (later issue)
  'not-found': lazy(() => import('../features/errors/not-found-page.tsx')),

  // admin
  overview: lazy(() => import('../features/account/overview-page.tsx')),
  'admin.otp': lazy(placeholder), // owner: otp (later issue)
  'admin.file': lazy(() => import('../features/file/file-manager-page.tsx')),
  'admin_debug.mail_template': lazy(placeholder), // owner: debug (later issue)
  'admin_debug.html_editor': lazy(placeholder), // owner: debug (later issue)
  'admin_debug.video_player': lazy(placeholder), // owner: debug (later issue)
  'admin_debug.log_viewer': lazy(placeholder), // owner: debug (no server route yet, LOG_VIEWER_PATH)
  profile: lazy(() => import('../features/account/profile-page.tsx')),
  'admin.list': lazy(() => import('../features/admin/admin-list-page.tsx')),
  'admin.create': lazy(() => import('../features/admin/admin-form-page.tsx')),
  'admin.update': lazy(() => import('../features/admin/admin-form-page.tsx')),
  'admin-group.list': lazy(() => import('../features/admin-group/admin-group-list-page.tsx')),
  'admin-group.update': lazy(() => import('../features/admin-group/admin-group-form-page.tsx')),
  'audit-log.list': lazy(() => import('../features/audit-log/audit-log-list-page.tsx')),
  'reset-password': lazy(() => import('../features/account/reset-password-page.tsx')),
  'create-admin-session': lazy(() => import('../features/account/create-admin-session-page.tsx')),
  'admin-organization.list': lazy(() => import('../features/admin-organization/admin-organization-list-page.tsx')),
  'admin-organization.create': lazy(() => import('../features/admin-organization/admin-organization-form-page.tsx')),
  'admin-organization.update': lazy(() => import('../features/admin-organization/admin-organization-form-page.tsx')),
  organization: lazy(() => import('../features/organization/organization-page.tsx')),
  'photo.list': lazy(() => import('../features/photo/photo-library-page.tsx')),
  'staff.list': lazy(() => import('../features/staff/staff-list-page.tsx')),
  'staff.create': lazy(() => import('../features/staff/staff-form-page.tsx')),
  'staff.import': lazy(() => import('../features/staff/staff-import-page.tsx')),
  'staff.update': lazy(() => import('../features/staff/staff-form-page.tsx')),
  'staff-excel.list': lazy(() => import('../features/staff-excel/staff-excel-list-page.tsx')),
  'staff-excel.create': lazy(() => import('../features/staff-excel/staff-excel-form-page.tsx')),
  'staff-excel.update': lazy(() => import('../features/staff-excel/staff-excel-form-page.tsx')),
  'staff-excel.export': lazy(() => import('../features/staff-excel/staff-excel-export-page.tsx')),
  'admin-not-found': lazy(() => import('../features/errors/not-found-page.tsx')),
};
