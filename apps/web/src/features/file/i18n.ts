import { addTranslations } from '../../i18n/index.ts';

addTranslations('file', {
  'zh-TW': {
    upload: '上傳檔案', private: '私人檔案', privateHelp: '私人檔案只有本組織的管理員能開啟，或透過有時效的簽署連結分享',
    newFolder: '新增資料夾', folderName: '資料夾名稱', folderHint: '空的資料夾保存在這個瀏覽器；放入檔案後，組織的其他管理員也看得到', emptyFolder: '空資料夾（保存在這個瀏覽器）', removeFolder: '移除空資料夾「{{name}}」', folderInvalid: '只能使用文字、數字、空白、_ - . ( )',
    newText: '新增文字檔', fileName: '檔名', content: '內容', create: '建立', created: '已建立',
    root: '全部檔案', folders: '資料夾', type: '類型', allTypes: '全部類型', name: '名稱', size: '大小', createdAt: '上傳時間', actions: '操作',
    types: { image: '圖片', video: '影片', audio: '音訊', document: '文件', archive: '壓縮檔', other: '其他' },
    download: '下載', copyLink: '複製連結', signedLink: '簽署連結', delete: '刪除', more: '更多操作',
    confirmDelete: '刪除 {{count}} 個檔案？', deleted: '已刪除 {{count}} 個檔案', deleteSelected: '刪除所選（{{count}}）',
    empty: '這個資料夾沒有檔案', emptyAction: '上傳檔案', noMatch: '沒有符合條件的檔案', searchPlaceholder: '檔名',
    signTitle: '建立簽署連結', signHelp: '任何拿到連結的人在到期前都能開啟「{{name}}」，不需要登入。', expiry: '有效時間', note: '備註（選填）',
    notePlaceholder: '例如：給監造單位', sign: '產生連結', signedUrl: '簽署連結', expiresAt: '到期時間 {{time}}',
    expiries: { '300': '5 分鐘', '3600': '1 小時', '21600': '6 小時', '86400': '1 天' }, privateTag: '私人', total: '共 {{total}} 個檔案',
  },
  'en-US': {
    upload: 'Upload files', private: 'Private', privateHelp: 'Private files open only for admins of this organization, or through a signed link that expires',
    newFolder: 'New folder', folderName: 'Folder name', folderHint: 'An empty folder is kept in this browser; once it holds a file, the other admins of the organization see it too', emptyFolder: 'Empty folder (kept in this browser)', removeFolder: 'Remove the empty folder “{{name}}”', folderInvalid: 'Use letters, digits, spaces and _ - . ( ) only',
    newText: 'New text file', fileName: 'File name', content: 'Content', create: 'Create', created: 'Created',
    root: 'All files', folders: 'Folders', type: 'Type', allTypes: 'All types', name: 'Name', size: 'Size', createdAt: 'Uploaded', actions: 'Actions',
    types: { image: 'Image', video: 'Video', audio: 'Audio', document: 'Document', archive: 'Archive', other: 'Other' },
    download: 'Download', copyLink: 'Copy link', signedLink: 'Signed link', delete: 'Delete', more: 'More actions',
    confirmDelete: 'Delete {{count}} files?', deleted: '{{count}} files deleted', deleteSelected: 'Delete selected ({{count}})',
    empty: 'This folder has no files', emptyAction: 'Upload files', noMatch: 'No file matches these filters', searchPlaceholder: 'File name',
    signTitle: 'Create a signed link', signHelp: 'Anyone with the link can open “{{name}}” without signing in until it expires.', expiry: 'Valid for', note: 'Note (optional)',
    notePlaceholder: 'e.g. for the site inspector', sign: 'Create link', signedUrl: 'Signed link', expiresAt: 'Expires {{time}}',
    expiries: { '300': '5 minutes', '3600': '1 hour', '21600': '6 hours', '86400': '1 day' }, privateTag: 'Private', total: '{{total}} files',
  },
});
