import { addTranslations } from '../../i18n/index.ts';

addTranslations('photo', {
  'zh-TW': {
    upload: '上傳相片', uploadHint: '可一次選擇多張 PNG、JPG 或 GIF', uploading: '上傳中', uploaded: '已上傳', uploadFailed: '上傳失敗',
    clearUploads: '清除上傳紀錄', tag: '標籤', tagPlaceholder: '依標籤篩選', dateRange: '上傳日期', searchPlaceholder: '標題、替代文字或檔名',
    selectAll: '全選本頁', deleteSelected: '刪除所選（{{count}}）', confirmDelete: '刪除 {{count}} 張相片？', deleted: '已刪除 {{count}} 張相片',
    edit: '編輯', editTitle: '編輯相片資訊', title: '標題', alt: '替代文字', altHelp: '描述相片內容，供螢幕閱讀器與圖片無法顯示時使用', tags: '標籤',
    tagsHelp: '輸入後按 Enter', saved: '已儲存', empty: '還沒有相片', emptyAction: '上傳第一張相片', noMatch: '沒有符合條件的相片',
    open: '檢視 {{name}}', select: '選擇 {{name}}', untitled: '（未命名）', size: '{{width}} × {{height}}', total: '共 {{total}} 張',
    readOnly: '您可以瀏覽相片；上傳與編輯需要相片管理權限。',
  },
  'en-US': {
    upload: 'Upload photos', uploadHint: 'Choose several PNG, JPG or GIF files at once', uploading: 'Uploading', uploaded: 'Uploaded', uploadFailed: 'Upload failed',
    clearUploads: 'Clear finished uploads', tag: 'Tag', tagPlaceholder: 'Filter by tag', dateRange: 'Uploaded between', searchPlaceholder: 'Title, alt text or file name',
    selectAll: 'Select this page', deleteSelected: 'Delete selected ({{count}})', confirmDelete: 'Delete {{count}} photos?', deleted: '{{count}} photos deleted',
    edit: 'Edit', editTitle: 'Edit photo details', title: 'Title', alt: 'Alt text', altHelp: 'Describes the picture for screen readers and when it cannot load', tags: 'Tags',
    tagsHelp: 'Type and press Enter', saved: 'Saved', empty: 'No photos yet', emptyAction: 'Upload the first photo', noMatch: 'No photo matches these filters',
    open: 'View {{name}}', select: 'Select {{name}}', untitled: '(untitled)', size: '{{width}} × {{height}}', total: '{{total}} photos',
    readOnly: 'You can browse photos; uploading and editing need the photo manager role.',
  },
});
