import { addTranslations } from '../../i18n/index.ts';

addTranslations('organization', {
  'zh-TW': { name: '組織名稱', companyId: '統一編號', uid: '識別碼', members: '成員', member: '管理員', email: '電子郵件', roles: '子帳號角色', edit: '編輯', none: '請先在頁首選擇組織', saved: '已儲存' },
  'en-US': { name: 'Name', companyId: 'Company ID', uid: 'UID', members: 'Members', member: 'Admin', email: 'Email', roles: 'Sub-account roles', edit: 'Edit', none: 'Choose an organization in the header first', saved: 'Saved' },
});
