import { addTranslations } from '../../i18n/index.ts';

addTranslations('admin-organization', {
  'zh-TW': {
    create: '新增組織', name: '組織名稱', companyId: '統一編號', uid: '識別碼', status: '狀態', members: '成員', memberCount: '成員數',
    createdAt: '建立時間', statuses: { active: '啟用', disabled: '停用' }, allStatuses: '全部狀態', enable: '啟用', disable: '停用',
    addMember: '加入成員', member: '管理員', subAccountRoles: '子帳號角色', removeMember: '移除成員', searchAdmin: '輸入名稱或電子郵件搜尋',
    dependents: { members: '{{count}} 位成員的組織身分', staff: '{{count}} 筆人員資料', staff_excels: '{{count}} 份人員報表', photos: '{{count}} 張相片', files: '{{count}} 個檔案' },
    confirmDelete: '刪除 {{count}} 個組織？', loadingDependents: '正在確認會一併刪除的資料…',
  },
  'en-US': {
    create: 'New organization', name: 'Name', companyId: 'Company ID', uid: 'UID', status: 'Status', members: 'Members', memberCount: 'Members',
    createdAt: 'Created', statuses: { active: 'Active', disabled: 'Disabled' }, allStatuses: 'All statuses', enable: 'Enable', disable: 'Disable',
    addMember: 'Add a member', member: 'Admin', subAccountRoles: 'Sub-account roles', removeMember: 'Remove member', searchAdmin: 'Type a name or email',
    dependents: { members: 'the membership of {{count}} admins', staff: '{{count}} staff records', staff_excels: '{{count}} staff spreadsheets', photos: '{{count}} photos', files: '{{count}} files' },
    confirmDelete: 'Delete {{count}} organizations?', loadingDependents: 'Checking what would go with it…',
  },
});
