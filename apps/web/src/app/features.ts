import type { FeatureDescriptor } from '../lib/feature.ts';
import { accountFeature } from '../features/account/account.feature.ts';
import { debugFeature } from '../features/debug/debug.feature.ts';
import { errorsFeature } from '../features/errors/errors.feature.ts';
import { otpFeature } from '../features/otp/otp.feature.ts';
import { fileFeature } from '../features/file/file.feature.ts';
import { mailFeature } from '../features/mail/mail.feature.ts';
import { organizationFeature } from '../features/organization/organization.feature.ts';
import { staffFeature } from '../features/staff/staff.feature.ts';
import { siteFeature } from '../features/site/site.feature.ts';
import { staffEvidenceFeature } from '../features/staff-evidence/staff-evidence.feature.ts';
import { adminFeature } from '../features/admin/admin.feature.ts';
import { adminGroupFeature } from '../features/admin-group/admin-group.feature.ts';
import { adminOrganizationFeature } from '../features/admin-organization/admin-organization.feature.ts';
import { auditLogFeature } from '../features/audit-log/audit-log.feature.ts';
import { photoFeature } from '../features/photo/photo.feature.ts';
import { appSettingsFeature } from '../features/app-settings/app-settings.feature.ts';
import { operationsFeature } from '../features/operations/operations.feature.ts';
import { bannerFeature } from '../features/banner/banner.feature.ts';
import { contactFeature } from '../features/contact/contact.feature.ts';
import { videoFeature } from '../features/video/video.feature.ts';
import { pageFeature } from '../features/page/page.feature.ts';
import { pageCategoryFeature } from '../features/page/page-category.feature.ts';
import { productFeature } from '../features/product/product.feature.ts';
import { productCategoryFeature } from '../features/product/product-category.feature.ts';
import { memberFeature } from '../features/member/member.feature.ts';
import { websiteSettingsFeature } from '../features/website-settings/website-settings.feature.ts';
import { personalDataFeature } from '../features/personal-data/personal-data.feature.ts';
import { complianceRulesFeature } from '../features/compliance-rules/compliance-rules.feature.ts';
import { complianceFeature } from '../features/compliance/compliance.feature.ts';
import { reviewFeature } from '../features/review/review.feature.ts';
import { phonePassFeature, sitePassFeature } from '../features/site-pass/site-pass.feature.ts';
import { siteEntryLogFeature } from '../features/site-entry-log/site-entry-log.feature.ts';
import { siteGateFeature } from '../features/site-gate/site-gate.feature.ts';

/**
 * Every web feature, the one place a feature is registered: the route table, the screens, the
 * titles, the menu and the overview cards (route-table.ts, route-components.tsx, route-titles.ts,
 * menu.ts, overview-cards.ts) are built from it.
 */
export const FEATURES: readonly FeatureDescriptor[] = [
  accountFeature,
  debugFeature,
  mailFeature,
  errorsFeature,
  otpFeature,
  fileFeature,
  organizationFeature,
  staffFeature,
  siteFeature,
  staffEvidenceFeature,
  adminFeature,
  adminGroupFeature,
  adminOrganizationFeature,
  auditLogFeature,
  photoFeature,
  appSettingsFeature,
  operationsFeature,
  pageFeature,
  pageCategoryFeature,
  contactFeature,
  bannerFeature,
  videoFeature,
  productFeature,
  productCategoryFeature,
  memberFeature,
  websiteSettingsFeature,
  personalDataFeature,
  complianceRulesFeature,
  complianceFeature,
  reviewFeature,
  sitePassFeature,
  phonePassFeature,
  siteEntryLogFeature,
  siteGateFeature,
];
