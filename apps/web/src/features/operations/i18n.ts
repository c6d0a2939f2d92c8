import { addTranslations } from '../../i18n/index.ts';

addTranslations('operations', {
  'zh-TW': {
    line: {
      title: '傳送 LINE 訊息',
      intro: '透過 LINE Messaging API 推播一則文字訊息給使用者、群組或聊天室（需要伺服器設定 LINE_MESSAGING_ACCESS_TOKEN）。',
      target: '收件對象 ID',
      targetHelp: 'U、C 或 R 開頭加 32 個十六進位字元（使用者、群組、聊天室）。',
      message: '訊息',
      send: '傳送',
      sent: '已傳送（LINE 請求編號 {{id}}）',
    },
    drive: {
      title: '檢查 Google 雲端硬碟權限',
      intro: '檢查伺服器設定的服務帳戶（GOOGLE_SERVICE_ACCOUNT_KEY_FILE）在某個資料夾能做什麼。',
      folder: '資料夾 ID',
      folderHelp: '資料夾網址 …/folders/ 後面那一段。',
      check: '檢查',
      account: '服務帳戶',
      folderName: '資料夾',
      read: '可讀取',
      write: '可寫入',
      yes: '可以',
      no: '不行',
      notFound: '找不到這個資料夾，或它沒有分享給服務帳戶。請把資料夾分享給 {{account}}。',
      notFolder: '這個 ID 是檔案，不是資料夾。',
    },
  },
  'en-US': {
    line: {
      title: 'Send a LINE message',
      intro:
        'Pushes a text message to a user, group or room through the LINE Messaging API (the server needs LINE_MESSAGING_ACCESS_TOKEN).',
      target: 'Target ID',
      targetHelp: 'U, C or R followed by 32 hex characters (a user, group or room).',
      message: 'Message',
      send: 'Send',
      sent: 'Sent (LINE request {{id}})',
    },
    drive: {
      title: 'Check Google Drive permission',
      intro: "Checks what the server's service account (GOOGLE_SERVICE_ACCOUNT_KEY_FILE) may do in a folder.",
      folder: 'Folder ID',
      folderHelp: 'The part after …/folders/ in the folder address.',
      check: 'Check',
      account: 'Service account',
      folderName: 'Folder',
      read: 'Read',
      write: 'Write',
      yes: 'Yes',
      no: 'No',
      notFound: 'No such folder, or it is not shared with the service account. Share it with {{account}}.',
      notFolder: 'This ID is a file, not a folder.',
    },
  },
});
