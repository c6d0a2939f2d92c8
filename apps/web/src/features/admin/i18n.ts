import { addTranslations } from '../../i18n/index.ts';

addTranslations('admin', {
  'zh-TW': {
    create: '新增管理員', email: '電子郵件', name: '名稱', roles: '角色', status: '狀態', group: '管理群組', noGroup: '不屬於群組',
    organizations: '子帳號（組織）', organization: '組織', subAccountRoles: '子帳號角色', addMembership: '加入組織', removeMembership: '移出此組織',
    createdAt: '建立時間', updatedAt: '更新時間', createdRange: '建立期間',
    statuses: { active: '啟用', disabled: '停用' }, allRoles: '全部角色', allOrganizations: '全部組織', allStatuses: '全部狀態',
    enable: '啟用', disable: '停用', resetPassword: '重設密碼', switchAccount: '切換為此帳號', more: '更多',
    resetPasswordConfirm: '為 {{name}} 產生新密碼？該帳號所有裝置將被登出。',
    initialPassword: '初始密碼', initialPasswordHint: '此密碼只顯示這一次，請複製後交給 {{name}}。登入後須先變更密碼。',
    newPassword: '新密碼', newPasswordHint: '此密碼只顯示這一次，請複製後交給 {{name}}。',
    switchConfirm: '以 {{name}} 的身分操作？所有紀錄都會同時記下您的帳號。',
    actingAs: '您正以 {{name}} 的身分操作', switchBack: '回到我的帳號', switchedBack: '已回到您的帳號',
    pendingPassword: '尚未變更初始密碼', you: '（您）', groupRoles: '群組角色', grantHint: '只能授予您擁有的角色',
    deleteNamed: '刪除管理員', memberOnlyHere: '您只能管理本組織的角色',
    confirmDisable: '確定停用 {{count}} 位管理員？', willDisable: '將會停用：', disableNote: '停用後這些管理員會無法登入，直到再次啟用。',
  },
  'en-US': {
    create: 'New admin', email: 'Email', name: 'Name', roles: 'Roles', status: 'Status', group: 'Admin group', noGroup: 'No group',
    organizations: 'Sub-accounts (organizations)', organization: 'Organization', subAccountRoles: 'Sub-account roles', addMembership: 'Add to an organization', removeMembership: 'Remove from this organization',
    createdAt: 'Created', updatedAt: 'Updated', createdRange: 'Created between',
    statuses: { active: 'Active', disabled: 'Disabled' }, allRoles: 'All roles', allOrganizations: 'All organizations', allStatuses: 'All statuses',
    enable: 'Enable', disable: 'Disable', resetPassword: 'Reset password', switchAccount: 'Act as this admin', more: 'More',
    resetPasswordConfirm: 'Generate a new password for {{name}}? Every device of that admin will be signed out.',
    initialPassword: 'Initial password', initialPasswordHint: 'Shown only this once: copy it and give it to {{name}}, who must change it at first sign-in.',
    newPassword: 'New password', newPasswordHint: 'Shown only this once: copy it and give it to {{name}}.',
    switchConfirm: 'Act as {{name}}? Every change you make is recorded with your account too.',
    actingAs: 'You are acting as {{name}}', switchBack: 'Back to my account', switchedBack: 'You are back on your own account',
    pendingPassword: 'Initial password not changed yet', you: '(you)', groupRoles: 'Group roles', grantHint: 'You can grant only roles you hold',
    deleteNamed: 'Delete admins', memberOnlyHere: 'You manage only the roles of your organization',
    confirmDisable_one: 'Disable this admin?', confirmDisable_other: 'Disable {{count}} admins?', willDisable: 'This disables:',
    disableNote: 'Disabled admins cannot sign in until they are enabled again.',
  },
});

/** Extra validation keys the admin screens may receive from the server. */
addTranslations('common', {
  'zh-TW': { validate: { error: { unique: '已被使用', self: '不能對自己執行此動作', last_super_admin: '必須保留至少一位啟用的超級管理員', not_allowed: '不允許的欄位', organization_required: '請先選擇組織' } } },
  'en-US': { validate: { error: { unique: 'Already taken', self: 'You cannot do this to yourself', last_super_admin: 'At least one active super admin must remain', not_allowed: 'This field cannot be changed', organization_required: 'Choose an organization first' } } },
});
