import { addTranslations } from '../../i18n/index.ts';

addTranslations('log-viewer', {
  'zh-TW': {
    file: '日誌檔',
    search: '搜尋文字',
    level: '等級',
    atLeast: '{{level}} 以上',
    follow: '即時跟隨',
    download: '下載',
    older: '載入更早的紀錄',
    start: '已到檔案開頭',
    empty: '這個檔案還沒有紀錄',
    noMatch: '沒有符合條件的紀錄',
    noFiles: '還沒有日誌檔（伺服器設定 LOG_DIR=off 時不寫檔案）',
    noMessage: '（無訊息）',
  },
  'en-US': {
    file: 'Log file',
    search: 'Search text',
    level: 'Level',
    atLeast: '{{level}} and above',
    follow: 'Follow live',
    download: 'Download',
    older: 'Load older entries',
    start: 'Start of the file',
    empty: 'This file has no entries yet',
    noMatch: 'No entry matches',
    noFiles: 'No log files yet (the server writes none with LOG_DIR=off)',
    noMessage: '(no message)',
  },
});

addTranslations('html-editor', {
  'zh-TW': {
    intro: '測試頁面內容用的編輯器：下方顯示它產生的 HTML 與預覽。',
    editor: 'HTML 編輯器內容',
    placeholder: '在這裡輸入內容…',
    htmlTab: 'HTML 原始碼',
    previewTab: '預覽',
    empty: '編輯器還沒有內容',
  },
  'en-US': {
    intro: 'The editor of page content, for testing: the HTML it produces and a preview are below.',
    editor: 'HTML editor content',
    placeholder: 'Type here…',
    htmlTab: 'HTML source',
    previewTab: 'Preview',
    empty: 'The editor is empty',
  },
});

addTranslations('video-player', {
  'zh-TW': {
    intro: '貼上 YouTube 網址，檢查影片代碼與播放器（與影片表單同一個播放器，使用 YouTube 的隱私強化模式）。',
    url: 'YouTube 網址',
    id: '影片代碼',
    none: '這個網址沒有 YouTube 影片代碼：請用 youtu.be 短網址或含 v= 的網址。',
  },
  'en-US': {
    intro: 'Paste a YouTube URL to check the id taken from it and the player (the one the video form uses, on youtube-nocookie).',
    url: 'YouTube URL',
    id: 'Video id',
    none: 'This URL has no YouTube video id: use a youtu.be link or a link with v=.',
  },
});
