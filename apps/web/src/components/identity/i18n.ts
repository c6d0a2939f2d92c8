import { addTranslations } from '../../i18n/index.ts';

/** Verify identity and the invitation / reset notice (issue 10), used by several features. */
addTranslations('identity-proof', {
  'zh-TW': {
    mailUnavailable: '本系統尚未設定寄信，請洽管理員。',
    notice: {
      inviteTitle: '已邀請 {{name}}',
      resendTitle: '已重新邀請 {{name}}',
      invite: '設定密碼的邀請信已由寄信伺服器寄給 {{email}}，連結 72 小時內有效。',
      resetTitle: '已重設 {{name}} 的密碼',
      reset: '原密碼已失效、所有裝置已登出，設定新密碼的連結已由寄信伺服器寄給 {{email}}（30 分鐘內有效）。',
      outbox: '尚未設定寄信伺服器，寄給 {{email}} 的信沒有寄出，正在寄件匣等待。',
      failing: '目前寄信失敗，寄給 {{email}} 的信正在寄件匣等待重試，可能寄不到。',
      inviteHandover: '請把下面的一次性連結轉交給 {{name}}（例如當面或用通訊軟體）：對方開啟後設定密碼即可登入。',
      resetHandover: '原密碼已失效、所有裝置已登出。請把下面的一次性連結轉交給 {{name}}，用來設定新密碼。',
      previousDead: '先前寄出或轉交的連結已失效。',
      linkLabel: '一次性設定密碼連結',
      copy: '複製連結',
      expires: '連結有效至 {{at}}，只顯示這一次；之後需要時請重新產生新連結。',
      openOutbox: '開啟寄件匣',
    },
    verify: {
      title: '驗證您的身分',
      intro: '這項變更需要先確認是您本人。驗證後 5 分鐘內，這個裝置不必再驗證。',
      byPassword: '輸入密碼',
      byCode: '寄送驗證碼',
      password: '目前的密碼',
      sendCode: '寄驗證碼到我的信箱',
      resend: '重新寄送驗證碼',
      codeSent: '驗證碼已寄出，10 分鐘內有效。',
      code: '驗證碼',
      submit: '驗證',
    },
  },
  'en-US': {
    mailUnavailable: 'This system cannot send mail yet: please ask your administrator.',
    notice: {
      inviteTitle: '{{name}} invited',
      resendTitle: '{{name}} invited again',
      invite: 'The mail server sent an invitation to set a password to {{email}}; its link works for 72 hours.',
      resetTitle: 'Password of {{name}} reset',
      reset:
        'The old password no longer works and every device was signed out. The mail server sent a link to set a new one to {{email}} (valid 30 minutes).',
      outbox: 'No mail server is configured: the mail to {{email}} was not sent, it is waiting in the outbox.',
      failing: 'Mail delivery is failing: the mail to {{email}} is waiting in the outbox to be retried and may not arrive.',
      inviteHandover: 'Hand this one-time link to {{name}} (in person or by chat): opening it, they set a password and sign in.',
      resetHandover:
        'The old password no longer works and every device was signed out. Hand this one-time link to {{name}} to set a new one.',
      previousDead: 'Links sent or handed over before no longer work.',
      linkLabel: 'One-time set-password link',
      copy: 'Copy link',
      expires: 'The link works until {{at}} and is shown only this once; make a new one if it is needed later.',
      openOutbox: 'Open the outbox',
    },
    verify: {
      title: 'Confirm it is you',
      intro: 'This change needs you to confirm your identity. For 5 minutes afterwards this device will not ask again.',
      byPassword: 'Password',
      byCode: 'Email code',
      password: 'Current password',
      sendCode: 'Email me a code',
      resend: 'Send a new code',
      codeSent: 'A code is on its way; it is valid for 10 minutes.',
      code: 'Code',
      submit: 'Confirm',
    },
  },
});

// Server messages and field errors of issue 10 (spec section 8 keeps its catalogue in the common namespace).
addTranslations('common', {
  'zh-TW': {
    server: { 'Identity verification required': '請先驗證身分' },
    validate: {
      error: {
        reset_link_invalid: '連結已失效，請重新申請',
        code_incorrect: '驗證碼錯誤或已失效',
        not_while_switched: '切換帳號時無法驗證身分',
        identity_taken: '這個帳號已連結到另一位管理員',
        oauth_other_browser: '這個登入是在另一個瀏覽器開始的，未登入也未連結任何帳號。請在這個瀏覽器重新操作',
        two_factor_setup_first: '請先設定驗證器 App',
        two_factor_already_enabled: '兩步驟驗證已開啟',
        two_factor_not_enabled: '兩步驟驗證尚未開啟',
        two_factor_required: '您的角色必須使用兩步驟驗證，無法關閉',
      },
    },
  },
  'en-US': {
    server: { 'Identity verification required': 'Confirm it is you first' },
    validate: {
      error: {
        reset_link_invalid: 'This link no longer works; ask for a new one',
        code_incorrect: 'The code is wrong or no longer valid',
        not_while_switched: 'Not available while acting as another admin',
        identity_taken: 'This account is linked to another admin',
        oauth_other_browser: 'This was started in another browser, so nothing was signed in or linked: start again in this browser',
        two_factor_setup_first: 'Set up the authenticator app first',
        two_factor_already_enabled: 'Two-factor is already on',
        two_factor_not_enabled: 'Two-factor is not on',
        two_factor_required: 'Your role requires two-factor; it cannot be turned off',
      },
    },
  },
});
