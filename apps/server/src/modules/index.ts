import type { FastifyInstance } from 'fastify';
import { registerModule, type ServerModule } from '../lib/kit/server-module.ts';
import { accountModule } from './account/account.module.ts';
import { adminGroupModule } from './admin-group/admin-group.module.ts';
import { adminOrganizationModule } from './admin-organization/admin-organization.module.ts';
import { adminModule } from './admin/admin.module.ts';
import { appConfigModule } from './app-config/app-config.module.ts';
import { auditLogModule } from './audit-log/audit-log.module.ts';
import { fileModule } from './file/file.module.ts';
import { mailModule } from './mail/mail.module.ts';
import { organizationModule } from './organization/organization.module.ts';
import { otpModule } from './otp/otp.module.ts';
import { integrationsModule } from './integrations/integrations.module.ts';
import { logViewerModule } from './log-viewer/log-viewer.module.ts';
import { photoModule } from './photo/photo.module.ts';
import { settingsModule } from './settings/settings.module.ts';
import { staffModule } from './staff/staff.module.ts';
import { siteModule } from './site/site.module.ts';
import { staffEvidenceModule } from './staff-evidence/staff-evidence.module.ts';
import { certificateReminderModule } from './certificate-reminder/certificate-reminder.module.ts';
import { bannerModule } from './banner/banner.module.ts';
import { pageModule } from './page/page.module.ts';
import { contactModule } from './contact/contact.module.ts';
import { videoModule } from './video/video.module.ts';
import { memberModule } from './member/member.module.ts';
import { productModule } from './product/product.module.ts';
import { websiteSettingsModule } from './website-settings/website-settings.module.ts';
import { healthModule } from './health/health.module.ts';
import { workRunModule } from './work-run/work-run.module.ts';
import { historyModule } from './history/history.module.ts';
import { recordVersionsModule } from './record-versions/record-versions.module.ts';
import { editLeaseModule } from './edit-lease/edit-lease.module.ts';
import { personalDataModule } from './personal-data/personal-data.module.ts';
import { complianceRulesModule } from './compliance-rules/compliance-rules.module.ts';
import { complianceModule } from './compliance/compliance.module.ts';
import { reviewModule } from './review/review.module.ts';
import { siteEntryLogModule } from './site-entry-log/site-entry-log.module.ts';
import { sitePassModule } from './site-pass/site-pass.module.ts';
import { siteGateModule } from './site-gate/site-gate.module.ts';

/**
 * Every API module, once. The order is the order organization dependents are deleted in: staff
 * rows point at library photos, so staff goes before photos.
 */
export const MODULES: readonly ServerModule[] = [
  settingsModule,
  accountModule,
  organizationModule,
  certificateReminderModule,
  staffEvidenceModule,
  // Gate entries name passes, and passes name sites and staff: they go first.
  siteGateModule,
  sitePassModule,
  staffModule,
  siteModule,
  photoModule,
  fileModule,
  auditLogModule,
  appConfigModule,
  adminModule,
  adminGroupModule,
  adminOrganizationModule,
  mailModule,
  otpModule,
  integrationsModule,
  logViewerModule,
  pageModule,
  videoModule,
  bannerModule,
  contactModule,
  memberModule,
  productModule,
  websiteSettingsModule,
  reviewModule,
  healthModule,
  workRunModule,
  historyModule,
  recordVersionsModule,
  editLeaseModule,
  personalDataModule,
  complianceRulesModule,
  complianceModule,
  siteEntryLogModule,
];

export async function registerModules(app: FastifyInstance, modules: readonly ServerModule[] = MODULES): Promise<void> {
  for (const m of modules) await registerModule(app, m);
}
