import { addTranslations } from '../../i18n/index.ts';

addTranslations('audit-log', {
  'zh-TW': {
    time: '時間', actor: '操作者', action: '動作', target: '對象', targetType: '對象類型', organization: '組織', ip: 'IP',
    via: '由 {{name}} 代為操作', system: '系統', anyActor: '全部操作者', anyAction: '全部動作', anyTarget: '全部類型', anyOrganization: '全部組織',
    dateRange: '日期區間', detail: '紀錄內容', view: '查看', field: '欄位', before: '變更前', after: '變更後', noChanges: '沒有欄位內容',
    userAgent: '瀏覽器', exportXlsx: '匯出 Excel', exportCsv: '匯出 CSV', exported: '已匯出 {{name}}', atLeast: '至少 {{total}} 筆',
    actions: { create: '新增', update: '更新', delete: '刪除', patch: '修改欄位', login: '登入', login_failed: '登入失敗', logout: '登出', reset_password: '重設密碼', switch_account: '切換帳號', switch_organization: '切換組織', update_profile: '更新個人資料', logout_device: '登出裝置' },
    targets: { admin: '管理員', admin_group: '管理群組', organization: '組織', login_device: '登入裝置', staff: '人員', staff_excel: '人員報表', photo: '相片', file: '檔案', app_config: '系統設定' },
  },
  'en-US': {
    time: 'Time', actor: 'Actor', action: 'Action', target: 'Target', targetType: 'Target type', organization: 'Organization', ip: 'IP',
    via: 'acted by {{name}}', system: 'System', anyActor: 'Any actor', anyAction: 'Any action', anyTarget: 'Any target type', anyOrganization: 'Any organization',
    dateRange: 'Dates', detail: 'Entry', view: 'View', field: 'Field', before: 'Before', after: 'After', noChanges: 'No field values',
    userAgent: 'Browser', exportXlsx: 'Export Excel', exportCsv: 'Export CSV', exported: 'Exported {{name}}', atLeast: 'at least {{total}}',
    actions: { create: 'Create', update: 'Update', delete: 'Delete', patch: 'Change a field', login: 'Sign in', login_failed: 'Failed sign-in', logout: 'Sign out', reset_password: 'Password reset', switch_account: 'Switch account', switch_organization: 'Switch organization', update_profile: 'Profile update', logout_device: 'Device sign-out' },
    targets: { admin: 'Admin', admin_group: 'Admin group', organization: 'Organization', login_device: 'Login device', staff: 'Staff', staff_excel: 'Staff spreadsheet', photo: 'Photo', file: 'File', app_config: 'Application config' },
  },
});
