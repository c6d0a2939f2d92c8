import { addTranslations } from '../../i18n/index.ts';

addTranslations('organization', {
  'zh-TW': {
    name: '組織名稱', companyId: '統一編號', uid: '識別碼', members: '成員', member: '管理員', email: '電子郵件', roles: '子帳號角色', edit: '編輯', none: '請先在頁首選擇組織', saved: '已儲存',
    invite: '邀請成員', addExisting: '加入既有帳號', add: '加入', save: '儲存', memberName: '姓名', actions: '操作', joinedAt: '加入日期',
    inviteHint: '為同事建立新的管理員帳號並加入本組織。建立後會顯示一次性密碼，請轉交給對方；對方第一次登入時必須變更密碼。',
    addHint: '以電子郵件把已經有帳號的管理員加入本組織；對方在其他組織的權限不受影響。',
    invitedTitle: '已邀請 {{name}}', invitedHint: '這是對方的一次性密碼，只會顯示這一次。請轉交給對方，對方第一次登入時必須變更密碼。',
    added: '已加入 {{name}}', removed: '已將 {{name}} 移出組織',
    editRoles: '變更角色', editRolesOf: '變更 {{name}} 的角色', remove: '移出組織', removeOf: '將 {{name}} 移出組織',
    removeTitle: '將成員移出組織？', removeLabel: '將移出：', removeNote: '帳號本身會保留；對方將無法再使用本組織的資料。',
    noRoles: '無角色', disabled: '已停用', initialPassword: '尚未變更初始密碼',
  },
  'en-US': {
    name: 'Name', companyId: 'Company ID', uid: 'UID', members: 'Members', member: 'Admin', email: 'Email', roles: 'Sub-account roles', edit: 'Edit', none: 'Choose an organization in the header first', saved: 'Saved',
    invite: 'Invite member', addExisting: 'Add existing account', add: 'Add', save: 'Save', memberName: 'Name', actions: 'Actions', joinedAt: 'Joined',
    inviteHint: 'Creates an admin account for a colleague in this organization. A one-time password is shown once for you to pass on; it must be changed at first sign-in.',
    addHint: 'Adds an admin who already has an account, by e-mail. Their roles in other organizations are not changed.',
    invitedTitle: '{{name}} invited', invitedHint: 'This one-time password is shown only this once. Pass it on; it must be changed at first sign-in.',
    added: '{{name}} added', removed: '{{name}} removed from the organization',
    editRoles: 'Change roles', editRolesOf: 'Change roles of {{name}}', remove: 'Remove', removeOf: 'Remove {{name}} from the organization',
    removeTitle: 'Remove the member from the organization?', removeLabel: 'This removes:', removeNote: 'The account itself stays; it can no longer use this organization\'s data.',
    noRoles: 'No role', disabled: 'Disabled', initialPassword: 'Initial password not changed yet',
  },
});

/** Validation keys the member calls answer (packages/shared/src/schemas/organization-members.ts MEMBER_ERROR_KEYS). */
addTranslations('common', {
  'zh-TW': { validate: { error: {
    member_unknown_account: '找不到使用這個電子郵件的帳號；要建立新帳號請用「邀請成員」',
    member_already: '這個帳號已經是本組織的成員',
    member_email_taken: '這個電子郵件已經有帳號；請改用「加入既有帳號」',
    member_self: '不能移除自己的子帳號管理員角色，也不能把自己移出組織',
  } } },
  'en-US': { validate: { error: {
    member_unknown_account: 'No account has this e-mail; use “Invite member” to create one',
    member_already: 'This account is already a member of the organization',
    member_email_taken: 'This e-mail already has an account; use “Add existing account”',
    member_self: 'You cannot take away your own organization admin role or remove yourself',
  } } },
});
