import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/**
 * Mail templates and the outbox (issue 10): in the debug menu group (maintainers, spec section 2) and,
 * for super admins, in their own mail group at /admin/mail/… (issue 26); the same screens either way.
 */
export const mailFeature = {
  name: 'mail',
  routes: [
    {
      name: 'admin_debug.mail_template',
      path: adminPath('debug/mail-template'),
      roles: ROLES.debug,
      screen: () => import('./mail-templates-page.tsx'),
    },
    {
      name: 'admin_debug.mail_outbox',
      path: adminPath('debug/mail-outbox'),
      roles: ROLES.debug,
      screen: () => import('./mail-outbox-page.tsx'),
    },
    {
      name: 'admin_mail.template',
      path: adminPath('mail/template'),
      roles: ROLES.debug,
      screen: () => import('./mail-templates-page.tsx'),
    },
    {
      name: 'admin_mail.outbox',
      path: adminPath('mail/outbox'),
      roles: ROLES.debug,
      screen: () => import('./mail-outbox-page.tsx'),
    },
  ],
  menuGroups: [{ key: 'mail', icon: 'mail', roles: ROLES.superAdmin, order: 65 }],
  menu: [
    { key: 'mail-template', group: 'debug', route: 'admin_debug.mail_template', roles: ROLES.debugMenu, order: 10 },
    { key: 'mail-outbox', group: 'debug', route: 'admin_debug.mail_outbox', roles: ROLES.debugMenu, order: 15 },
    { key: 'mail-templates', group: 'mail', route: 'admin_mail.template', roles: ROLES.superAdmin, order: 10 },
    { key: 'mail-outbox-list', group: 'mail', route: 'admin_mail.outbox', roles: ROLES.superAdmin, order: 20 },
  ],
  overviewCards: [
    {
      key: 'mail-delivery',
      roles: ROLES.debug,
      card: () => import('./mail-delivery-card.tsx').then((m) => ({ default: m.MailDeliveryCard })),
    },
  ],
} satisfies FeatureDescriptor;
