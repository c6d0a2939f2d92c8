import { addTranslations } from '../../i18n/index.ts';

/** Strings of the list and form pattern (namespace `resource`). */
addTranslations('resource', {
  'zh-TW': {
    search: '搜尋', searchPlaceholder: '關鍵字', reset: '清除條件', filters: '篩選',
    total: '共 {{total}} 筆', selected: '已選擇 {{count}} 筆', clearSelection: '取消選擇',
    empty: '目前沒有資料', noMatch: '沒有符合條件的資料', create: '新增', edit: '編輯', delete: '刪除', actions: '操作',
    save: '儲存', cancel: '取消', back: '返回列表', saved: '已儲存', created: '已新增', deleted: '已刪除', updated: '已更新',
    confirmDelete: '確定刪除？', confirmDeleteMany: '確定刪除 {{count}} 筆資料？', willDelete: '將會刪除：', alsoGoes: '一併刪除：',
    cannotUndo: '此動作無法復原。', confirmOk: '刪除', loadFailed: '資料載入失敗',
    offlineSearch: '目前離線，無法取得這次搜尋的結果', searchFailed: '無法取得這次搜尋的結果',
    staleTitle: '無法更新列表：以下是先前載入的資料，可能不是最新的', retry: '重試',
    statuses: { active: '啟用', disabled: '停用' },
  },
  'en-US': {
    search: 'Search', searchPlaceholder: 'Keyword', reset: 'Clear filters', filters: 'Filters',
    total: '{{total}} in total', selected: '{{count}} selected', clearSelection: 'Clear selection',
    empty: 'Nothing here yet', noMatch: 'Nothing matches these filters', create: 'Create', edit: 'Edit', delete: 'Delete', actions: 'Actions',
    save: 'Save', cancel: 'Cancel', back: 'Back to the list', saved: 'Saved', created: 'Created', deleted: 'Deleted', updated: 'Updated',
    confirmDelete: 'Delete?', confirmDeleteMany: 'Delete {{count}} records?', willDelete: 'This deletes:', alsoGoes: 'Also deleted with it:',
    cannotUndo: 'This cannot be undone.', confirmOk: 'Delete', loadFailed: 'The data could not be loaded',
    offlineSearch: 'You are offline: the results of this search could not be fetched', searchFailed: 'The results of this search could not be fetched',
    staleTitle: 'The list could not be refreshed: below is what was loaded before, it may be out of date', retry: 'Retry',
    statuses: { active: 'Active', disabled: 'Disabled' },
  },
});
