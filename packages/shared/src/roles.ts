/** Admin roles (prefix ROLE_) and sub-account roles (prefix SUB_ACCOUNT_ROLE_), spec section 6. */
export const ADMIN_ROLES = [
  'ROLE_SUPER_ADMIN',
  'ROLE_MAINTAINER',
  'ROLE_BASE',
  'ROLE_PHOTO',
  'ROLE_STAFF',
  // Site content modules (issue 11): each module's editors.
  'ROLE_PAGE',
  'ROLE_BANNER',
  'ROLE_VIDEO',
  'ROLE_CONTACT',
  // Issue 12: products, and the site's members.
  'ROLE_PRODUCT',
  'ROLE_MEMBER',
  // Issue 37: reveals masked personal data (national IDs, health values) in every organization, each reveal logged.
  'ROLE_PERSONAL_DATA',
] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * The company-wide roles the first super admin holds (issue 26): every ROLE_ role but ROLE_MAINTAINER,
 * so it uploads photos, edits the site and reads every organization's staff without granting itself anything.
 * Nor ROLE_PERSONAL_DATA (issue 37): seeing national IDs in plain is granted on purpose, by name.
 */
export const FIRST_ADMIN_ROLES = ADMIN_ROLES.filter((r) => r !== 'ROLE_MAINTAINER' && r !== 'ROLE_PERSONAL_DATA');

export const SUB_ACCOUNT_ROLES = [
  'SUB_ACCOUNT_ROLE_ADMIN',
  'SUB_ACCOUNT_ROLE_STAFF_READ',
  'SUB_ACCOUNT_ROLE_STAFF_WRITE',
  // Issue 37: reveals masked personal data of this organization's staff, each reveal logged.
  'SUB_ACCOUNT_ROLE_PERSONAL_DATA',
  // Issue 39: the site gate's keeper (門禁管制): the gate screen and nothing else.
  'SUB_ACCOUNT_ROLE_GATE',
  // Issue 39: 工地主任: lets a worker the gate refused in, with a reason; reads the sites' entry logs.
  'SUB_ACCOUNT_ROLE_SITE_DIRECTOR',
] as const;
export type SubAccountRole = (typeof SUB_ACCOUNT_ROLES)[number];

export type Role = AdminRole | SubAccountRole;

export const ROLE_LABELS: Record<Role, { 'zh-TW': string; 'en-US': string }> = {
  ROLE_SUPER_ADMIN: { 'zh-TW': '超級管理員', 'en-US': 'Super admin' },
  ROLE_MAINTAINER: { 'zh-TW': '維護人員', 'en-US': 'Maintainer' },
  ROLE_BASE: { 'zh-TW': '基本管理員', 'en-US': 'Base admin' },
  ROLE_PHOTO: { 'zh-TW': '相片管理', 'en-US': 'Photo manager' },
  ROLE_STAFF: { 'zh-TW': '人員管理', 'en-US': 'Staff manager' },
  ROLE_PAGE: { 'zh-TW': '頁面管理', 'en-US': 'Page editor' },
  ROLE_BANNER: { 'zh-TW': '橫幅管理', 'en-US': 'Banner editor' },
  ROLE_VIDEO: { 'zh-TW': '影片管理', 'en-US': 'Video editor' },
  ROLE_CONTACT: { 'zh-TW': '聯絡表單管理', 'en-US': 'Contact handler' },
  ROLE_PRODUCT: { 'zh-TW': '產品管理', 'en-US': 'Product editor' },
  ROLE_MEMBER: { 'zh-TW': '會員管理', 'en-US': 'Member manager' },
  ROLE_PERSONAL_DATA: { 'zh-TW': '個資檢視（全公司）', 'en-US': 'Personal data viewer (company-wide)' },
  SUB_ACCOUNT_ROLE_ADMIN: { 'zh-TW': '子帳號管理員', 'en-US': 'Organization admin' },
  SUB_ACCOUNT_ROLE_STAFF_READ: { 'zh-TW': '人員檢視', 'en-US': 'Staff reader' },
  SUB_ACCOUNT_ROLE_STAFF_WRITE: { 'zh-TW': '人員編輯', 'en-US': 'Staff editor' },
  SUB_ACCOUNT_ROLE_PERSONAL_DATA: { 'zh-TW': '個資檢視', 'en-US': 'Personal data viewer' },
  SUB_ACCOUNT_ROLE_GATE: { 'zh-TW': '門禁管制', 'en-US': 'Gate keeper' },
  SUB_ACCOUNT_ROLE_SITE_DIRECTOR: { 'zh-TW': '工地主任（放行）', 'en-US': 'Site director (overrides)' },
};

export const isAdminRole = (r: string): r is AdminRole => r.startsWith('ROLE_');
export const isSubAccountRole = (r: string): r is SubAccountRole => r.startsWith('SUB_ACCOUNT_ROLE_');
