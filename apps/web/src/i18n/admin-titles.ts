import { addTranslations, DEFAULT_NS } from './index.ts';
import type { SameKeys } from './same-keys.ts';

/*
 * The admin screens' titles (`route.<route name>`, also a create dialog's `route.<name>.create`) and the
 * menu groups' labels (`menu.<group key>`), in the shell's namespace. Loaded with the admin screens
 * (app/admin-routes.tsx), so the sign-in route carries none of them; the public routes' titles are the
 * shell's (zh-TW.ts, en-US.ts).
 */
const zhTW = {
  route: {
    overview: '總覽',
    profile: '個人資料',
    'reset-password': '變更密碼',
    'create-admin-session': '開啟管理頁面',
    admin_debug: {
      html_editor: 'HTML 編輯器',
      video_player: '影片播放器',
      log_viewer: '系統日誌',
      mail_template: '郵件範本',
      mail_outbox: '寄件匣',
    },
    admin_mail: {
      template: '郵件範本',
      outbox: '寄件匣',
    },
    'admin-not-found': '找不到頁面',
    admin: {
      otp: '一次性密碼紀錄',
      file: '檔案管理',
      list: '管理員',
      create: '新增管理員',
      update: '編輯管理員',
      security: '安全性',
    },
    organization: '我的組織',
    staff: {
      list: '人員',
      create: '新增人員',
      import: '匯入人員',
      update: '編輯人員',
    },
    site: {
      list: '工地',
      create: '新增工地',
      update: '編輯工地',
    },
    contractor: {
      list: '協力廠商',
      create: '新增協力廠商',
      update: '編輯協力廠商',
    },
    'staff-excel': {
      list: '人員報表',
      create: '新增人員報表',
      update: '編輯人員報表',
      export: '匯出人員報表',
    },
    'admin-group': {
      list: '管理員群組',
      create: '新增管理群組',
      update: '編輯管理員群組',
    },
    'admin-organization': {
      list: '組織管理',
      create: '新增組織',
      update: '編輯組織',
    },
    'audit-log': {
      list: '稽核紀錄',
    },
    photo: {
      list: '相片庫',
    },
    'app-settings': '系統設定',
    'website-settings': '網站設定',
    operations: '維運工具',
    'personal-data': '個資保存與清冊',
    'compliance-rules': '法規規則',
    gate: { sites: '工地門禁', screen: '門禁查驗' },
    compliance: {
      dashboard: '法規遵循',
      site: '工地法規遵循',
      across: '全公司法規遵循',
    },
    'site-pass': { badges: '列印識別證' },
    review: { awaiting: '待我審核', settings: '審核流程' },
    page: {
      list: '頁面與文章',
      create: '新增頁面',
      update: '編輯頁面',
    },
    'page-category': {
      list: '頁面分類',
      create: '新增分類',
      update: '編輯分類',
    },
    contact: {
      list: '聯絡表單',
    },
    banner: {
      list: '橫幅',
      create: '新增橫幅',
      update: '編輯橫幅',
    },
    video: {
      list: '影片',
      create: '新增影片',
      update: '編輯影片',
    },
    product: {
      list: '產品',
      create: '新增產品',
      update: '編輯產品',
    },
    'product-category': {
      list: '產品分類',
      create: '新增產品分類',
      update: '編輯產品分類',
    },
    member: {
      list: '會員',
      update: '編輯會員',
    },
  },
  menu: {
    debug: '除錯',
    'staff-group': '人員管理',
    'compliance-group': '工地法規遵循',
    'admin-group': '管理',
    content: '網站內容',
    mail: '郵件',
  },
};

const enUS: SameKeys<typeof zhTW> = {
  route: {
    overview: 'Overview',
    profile: 'Profile',
    'reset-password': 'Change password',
    'create-admin-session': 'Open admin page',
    admin_debug: {
      html_editor: 'HTML editor',
      video_player: 'Video player',
      log_viewer: 'Log viewer',
      mail_template: 'Mail templates',
      mail_outbox: 'Mail outbox',
    },
    admin_mail: {
      template: 'Mail templates',
      outbox: 'Mail outbox',
    },
    'admin-not-found': 'Page not found',
    admin: {
      otp: 'One-time passwords',
      file: 'File manager',
      list: 'Admins',
      create: 'New admin',
      update: 'Edit admin',
      security: 'Security',
    },
    organization: 'My organization',
    staff: {
      list: 'Staff',
      create: 'New staff member',
      import: 'Import staff',
      update: 'Edit staff member',
    },
    site: {
      list: 'Sites',
      create: 'New site',
      update: 'Edit site',
    },
    contractor: {
      list: 'Subcontractors',
      create: 'New subcontractor',
      update: 'Edit subcontractor',
    },
    'staff-excel': {
      list: 'Staff spreadsheets',
      create: 'New staff spreadsheet',
      update: 'Edit staff spreadsheet',
      export: 'Export staff spreadsheet',
    },
    'admin-group': {
      list: 'Admin groups',
      create: 'New admin group',
      update: 'Edit admin group',
    },
    'admin-organization': {
      list: 'Organizations',
      create: 'New organization',
      update: 'Edit organization',
    },
    'audit-log': {
      list: 'Audit log',
    },
    photo: {
      list: 'Photo library',
    },
    'app-settings': 'Settings',
    'website-settings': 'Website settings',
    operations: 'Operations tools',
    'personal-data': 'Personal data retention and inventory',
    'compliance-rules': 'Rules',
    gate: { sites: 'Site gate', screen: 'Gate check' },
    compliance: {
      dashboard: 'Compliance',
      site: 'Site compliance',
      across: 'Compliance across organizations',
    },
    'site-pass': { badges: 'Print badges' },
    review: { awaiting: 'Awaiting my review', settings: 'Review workflow' },
    page: {
      list: 'Pages and news',
      create: 'New page',
      update: 'Edit page',
    },
    'page-category': {
      list: 'Page categories',
      create: 'New category',
      update: 'Edit category',
    },
    contact: {
      list: 'Contacts',
    },
    banner: {
      list: 'Banners',
      create: 'New banner',
      update: 'Edit banner',
    },
    video: {
      list: 'Videos',
      create: 'New video',
      update: 'Edit video',
    },
    product: {
      list: 'Products',
      create: 'New product',
      update: 'Edit product',
    },
    'product-category': {
      list: 'Product categories',
      create: 'New product category',
      update: 'Edit product category',
    },
    member: {
      list: 'Members',
      update: 'Edit member',
    },
  },
  menu: {
    debug: 'Debug',
    'staff-group': 'Staff',
    'compliance-group': 'Site compliance',
    'admin-group': 'Administration',
    content: 'Website',
    mail: 'Mail',
  },
};

addTranslations(DEFAULT_NS, { 'zh-TW': zhTW, 'en-US': enUS });
