import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/account.routes.ts';
import { deviceRoutes } from './account/devices.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { staffModule } from './staff/staff.module.ts';
import { fileRoutes } from './file/file.routes.ts';
import { photoRoutes } from './photo/photo.routes.ts';
import { auditLogRoutes } from './audit-log/audit-log.routes.ts';
import { appConfigRoutes } from './app-config/app-config.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { adminGroupRoutes } from './admin-group/admin-group.routes.ts';
import { adminOrganizationRoutes } from './admin-organization/admin-organization.routes.ts';
import { organizationRoutes } from './organization/organization.routes.ts';
import { subAccountRoutes } from './account/sub-account.routes.ts';
import { switchAccountRoutes } from './account/switch-account.routes.ts';

/** Every API module, registered once. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(settingsRoutes);
  await app.register(fileRoutes);
  await app.register(photoRoutes);
  await app.register(accountRoutes);
  await app.register(deviceRoutes);
  await app.register(staffModule);
  await app.register(auditLogRoutes);
  await app.register(appConfigRoutes);
  await app.register(adminRoutes);
  await app.register(adminGroupRoutes);
  await app.register(adminOrganizationRoutes);
  await app.register(organizationRoutes);
  await app.register(subAccountRoutes);
  await app.register(switchAccountRoutes);
}
