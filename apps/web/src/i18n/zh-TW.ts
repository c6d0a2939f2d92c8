// biome-ignore-all lint/style/useFilenamingConvention: named after the BCP 47 locale tag whose strings it holds
/** Shell strings, Traditional Chinese (default language). Keys mirror en-US.ts exactly. */
export const zhTW = {
  app: { loading: '載入中…', language: '語言', languages: { 'zh-TW': '繁體中文', 'en-US': 'English' } },
  // Page titles (route.<name>) and menu group labels (menu.<group>) come from the feature descriptors (app/route-titles.ts).
  menu: {
    collapse: '收合選單', expand: '展開選單', open: '開啟選單',
  },
  header: {
    organization: '組織', noOrganization: '未選擇組織', switchOrganization: '切換組織', switched: '已切換至 {{name}}',
    profile: '個人資料', signOut: '登出', userMenu: '使用者選單',
    theme: '外觀', themes: { system: '跟隨系統', light: '淺色', dark: '深色' },
  },
  unsaved: {
    title: '有尚未儲存的變更', content: '離開這個畫面，尚未儲存的變更將會遺失。', leave: '離開，不儲存', stay: '留下繼續編輯',
  },
  site: { defaultTitle: '營造後台' },
  footer: { support: '客服信箱：', rights: '版權所有' },
  signIn: {
    title: '登入後台', subtitle: '營造公司網站管理系統', email: '電子郵件', password: '密碼', keepLogin: '保持登入',
    submit: '登入', showPassword: '顯示密碼', hidePassword: '隱藏密碼', forgot: '忘記密碼？', otp: '以電子郵件驗證碼登入',
    recaptcha: { before: '此網站受 reCAPTCHA 保護，並適用 Google ', privacy: '隱私權政策', and: '及', terms: '服務條款', after: '。' },
    success: '登入成功',
  },
  resetPassword: {
    title: '變更密碼', intro: '為了帳號安全，請先變更預設密碼後再繼續使用。', current: '目前密碼', next: '新密碼',
    confirm: '確認新密碼', mismatch: '兩次輸入的密碼不一致', submit: '變更密碼', success: '密碼已變更',
  },
  strength: { label: '密碼強度', value: '密碼強度：{{value}}', strong: '強', medium: '中', weak: '弱', hint: '強密碼需至少 8 個字元，包含大小寫字母、數字與 ! @ # $ % ^ & * 其中之一' },
  overview: {
    title: '總覽', welcome: '您好，{{name}}', whoAmI: '我的帳號', email: '電子郵件', name: '名稱', roles: '角色',
    noRoles: '沒有角色', organization: '目前組織', noOrganization: '尚未加入任何組織', expiresAt: '登入有效至',
    shortcuts: '可使用的功能', noShortcuts: '目前沒有可使用的功能',
  },
  profile: {
    title: '個人資料', basic: '基本資料', name: '名稱', email: '電子郵件', save: '儲存', saved: '已儲存',
    password: '變更密碼', passwordChanged: '密碼已變更，其他裝置已登出',
    dateCalendar: '日期顯示', dateCalendarHelp: '日期欄位與日期選擇器使用的紀年；民國年也可以直接輸入，例如 115/11/23 或 民國115年11月23日。',
    calendars: { gregorian: '西元（2026-11-23）', roc: '民國（115/11/23）' },
  },
  devices: {
    title: '登入裝置', device: '裝置', ip: 'IP 位址', createdAt: '登入時間', lastSeenAt: '最後使用', current: '目前裝置',
    logout: '登出此裝置', confirm: '確定要登出這個裝置嗎？', done: '裝置已登出', empty: '沒有其他登入裝置', unknown: '未知裝置',
  },
  placeholder: { title: '{{name}}：即將推出', description: '這個畫面正在建置中，完成後會出現在這裡。', back: '回到總覽' },
  error: {
    whoops: '糟糕，發生錯誤（{{statusCode}}）', back: '返回',
    chunkTitle: '系統已更新', chunkContent: '這個畫面的程式已更新，請重新整理頁面以載入最新版本。', reload: '重新整理頁面',
    offline: '目前離線，顯示的不是最新資料。請檢查網路連線後再試一次。', overview: '回到總覽', home: '回到首頁', stack: '錯誤堆疊',
    notFound: '找不到頁面', notFoundPath: '找不到頁面：{{path}}', forbidden: '您沒有權限使用這個畫面', unknown: '發生未預期的錯誤',
    serverFailTitle: '無法連線至伺服器', serverFailContent: '系統設定載入失敗，請稍後重新整理頁面，或聯絡客服。', retry: '重新整理',
    loadFailed: '資料載入失敗', empty: '沒有資料',
  },
  session: {
    tokenInvalid: '登入已失效', tokenInvalidContent: '請重新登入', recaptchaFail: '機器人驗證失敗', recaptchaFailContent: '請重新整理頁面後再試一次',
    signedOut: '已登出', createSession: '正在開啟頁面…', badPath: '不允許開啟這個路徑', open: '開啟',
  },
  copy: { button: '複製', success: '複製成功', successTitle: '已複製', fail: '無法複製' },
  debug: {
    title: '除錯資訊', version: '版本', apiVersion: 'API 版本', size: '裝置尺寸', mobile: '行動裝置', language: '語言',
    debugMode: '除錯模式', on: '開啟', off: '關閉', yes: '是', no: '否', organization: '目前組織', loggedIn: '已登入',
  },
  server: {
    'Bad Request': '請求格式錯誤', Unauthorized: '請先登入', 'Invalid token': '登入已失效，請重新登入', 'Login fail': '帳號或密碼錯誤',
    Forbidden: '禁止存取', 'Fingerprint is required': '缺少裝置識別碼', 'User permission denied': '您沒有權限執行此操作',
    'Not Found': '找不到資料', 'Not Acceptable': '無法接受的請求', Conflict: '資料衝突', 'Recaptcha verify fail': '機器人驗證失敗',
    'Too Many Requests': '嘗試次數過多，請稍後再試', 'Payload Too Large': '檔案過大', 'Unprocessable Entity': '無法處理的資料',
    'Method Not Allowed': '不允許的操作', 'Internal Server Error': '伺服器發生錯誤', 'The server is busy processing other images; try again in a few seconds': '伺服器正在處理其他圖片，請稍候幾秒再試', network: '無法連線至伺服器，請檢查網路',
  },
  validate: {
    error: {
      email_incorrect: '電子郵件格式不正確', text_too_less: '至少需要 {{n}} 個字元', required: '此欄位為必填',
      phone_number_incorrect: '電話號碼格式不正確', invalid: '格式不正確', password_incorrect: '密碼不正確', password_change_required: '請先變更初始密碼',
      digits: '只能輸入數字', forbidden_chars: '不可包含特殊字元', image: '只接受 png、jpg、jpeg、gif 圖片', image_too_many_frames: '動畫圖片的影格太多',
    },
  },
  common: { ok: '確定', cancel: '取消', save: '儲存', close: '關閉', yes: '是', no: '否', loading: '載入中…', refresh: '重新整理' },
};
