import type { MailLocale, MailTemplateName } from '@bo/shared/schemas/mail';

export interface TemplateVariable {
  name: string;
  /** A code or a link that lets someone in: kept out of subjects, shown only to whom the mail is for. */
  secret: boolean;
  sample: Record<MailLocale, string>;
  /** A link variable: its sample is a path on this origin (sampleValues), so a test mail checks PUBLIC_URL or the site's URL. */
  link?: 'app' | 'site';
}

export interface TemplateText {
  subject: string;
  /** The message part of the mail, HTML; the layout (layout.ts) wraps it. */
  html: string;
}

export interface TemplateDefinition {
  name: MailTemplateName;
  variables: readonly TemplateVariable[];
  defaults: Record<MailLocale, TemplateText>;
}

/** Variables every mail has, filled by the mailer from the application config. */
export const COMMON_VARIABLES: readonly TemplateVariable[] = [
  { name: 'appName', secret: false, sample: { 'zh-TW': '營造後台', 'en-US': 'Construction Back Office' } },
  { name: 'supportEmail', secret: false, sample: { 'zh-TW': 'support@example.com', 'en-US': 'support@example.com' } },
];

const v = (name: string, secret: boolean, zh: string, en = zh): TemplateVariable => ({
  name,
  secret,
  sample: { 'zh-TW': zh, 'en-US': en },
});
/** A link variable whose sample is `path` on the back office (PUBLIC_URL) or on the website (config.site.url). */
const link = (secret: boolean, path: string, on: 'app' | 'site' = 'app'): TemplateVariable => ({ ...v('link', secret, path), link: on });
const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${href}" style="background:#1677ff;color:#ffffff;padding:10px 20px;border-radius:6px;text-decoration:none;display:inline-block">${label}</a></p>`;
const code = (name: string) =>
  `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:24px 0;font-family:Consolas,monospace">{{${name}}}</p>`;

/** The default templates (issue 10, the certificate reminder of issue 13, the contact notice of issue 11), zh-TW and en-US. */
export const TEMPLATES: readonly TemplateDefinition[] = [
  {
    name: 'password_reset',
    variables: [
      v('name', false, '王小明', 'Alex Chen'),
      link(true, '/send-reset-password-email?token=…'),
      v('expiresInMinutes', false, '30'),
    ],
    defaults: {
      'zh-TW': {
        subject: '{{appName}} 重設密碼',
        html: `<p>{{name}} 您好：</p><p>我們收到重設您 {{appName}} 帳號密碼的要求。請在 {{expiresInMinutes}} 分鐘內點選下方按鈕設定新密碼，連結只能使用一次。</p>${button('{{link}}', '設定新密碼')}<p>若不是您本人提出的要求，請忽略這封信，您的密碼不會改變。</p>`,
      },
      'en-US': {
        subject: 'Reset your {{appName}} password',
        html: `<p>Hello {{name}},</p><p>We received a request to reset the password of your {{appName}} account. Use the button below within {{expiresInMinutes}} minutes to choose a new password; the link works once.</p>${button('{{link}}', 'Set a new password')}<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`,
      },
    },
  },
  {
    name: 'sign_in_code',
    variables: [v('name', false, '王小明', 'Alex Chen'), v('code', true, '123456'), v('expiresInMinutes', false, '10')],
    defaults: {
      'zh-TW': {
        subject: '{{appName}} 登入驗證碼',
        html: `<p>{{name}} 您好：</p><p>您的登入驗證碼是：</p>${code('code')}<p>驗證碼 {{expiresInMinutes}} 分鐘內有效，只能使用一次。請勿將驗證碼告訴任何人，{{appName}} 的人員不會向您索取。</p>`,
      },
      'en-US': {
        subject: 'Your {{appName}} sign-in code',
        html: `<p>Hello {{name}},</p><p>Your sign-in code is:</p>${code('code')}<p>It is valid for {{expiresInMinutes}} minutes and works once. Never share it: {{appName}} staff will never ask for it.</p>`,
      },
    },
  },
  {
    name: 'identity_code',
    variables: [v('name', false, '王小明', 'Alex Chen'), v('code', true, '654321'), v('expiresInMinutes', false, '10')],
    defaults: {
      'zh-TW': {
        subject: '{{appName}} 身分驗證碼',
        html: `<p>{{name}} 您好：</p><p>您正在 {{appName}} 進行需要驗證身分的操作，驗證碼是：</p>${code('code')}<p>驗證碼 {{expiresInMinutes}} 分鐘內有效。若不是您本人操作，請立即變更密碼。</p>`,
      },
      'en-US': {
        subject: 'Your {{appName}} verification code',
        html: `<p>Hello {{name}},</p><p>You are making a change in {{appName}} that needs you to confirm it is you. Your code is:</p>${code('code')}<p>It is valid for {{expiresInMinutes}} minutes. If this was not you, change your password now.</p>`,
      },
    },
  },
  {
    name: 'admin_invitation',
    variables: [
      v('name', false, '王小明', 'Alex Chen'),
      v('inviterName', false, '系統管理員', 'The administrator'),
      link(true, '/send-reset-password-email?token=…'),
      v('expiresInHours', false, '72'),
    ],
    defaults: {
      'zh-TW': {
        subject: '邀請您加入 {{appName}}',
        html: `<p>{{name}} 您好：</p><p>{{inviterName}} 為您建立了 {{appName}} 的管理員帳號。請在 {{expiresInHours}} 小時內點選下方按鈕設定密碼並登入。</p>${button('{{link}}', '設定密碼')}<p>有任何問題，請來信 {{supportEmail}}。</p>`,
      },
      'en-US': {
        subject: 'You are invited to {{appName}}',
        html: `<p>Hello {{name}},</p><p>{{inviterName}} created an administrator account for you in {{appName}}. Use the button below within {{expiresInHours}} hours to set your password and sign in.</p>${button('{{link}}', 'Set your password')}<p>Questions? Write to {{supportEmail}}.</p>`,
      },
    },
  },
  {
    name: 'certificate_expiry',
    variables: [
      v('name', false, '王小明', 'Alex Chen'),
      v('organizationName', false, '大安營造', 'Da-An Construction'),
      v('count', false, '3'),
      v('days', false, '30'),
      v(
        'items',
        false,
        '王小明｜施工安全證｜2026-11-20（已過期 3 天）\n李大華｜高空作業證｜2026-12-05（剩 12 天）',
        'Alex Chen | Site safety | 2026-11-20 (expired 3 d ago)\nSam Lee | Work at height | 2026-12-05 (12 d left)',
      ),
      link(false, '/admin/staff'),
    ],
    defaults: {
      'zh-TW': {
        subject: '{{organizationName}}：{{count}} 張證照即將到期',
        html: `<p>{{name}} 您好：</p><p>{{organizationName}} 有 {{count}} 張人員證照已經到期或將在 {{days}} 天內到期，請安排換證：</p><p>{{items}}</p>${button('{{link}}', '查看人員證照')}`,
      },
      'en-US': {
        subject: '{{organizationName}}: {{count}} certificates are expiring',
        html: `<p>Hello {{name}},</p><p>{{count}} staff certificates of {{organizationName}} have expired or expire within {{days}} days. Please arrange their renewal:</p><p>{{items}}</p>${button('{{link}}', 'Open staff certificates')}`,
      },
    },
  },
  {
    // Issue 11: to the support address (the app config's supportEmail) for each contact the site receives.
    name: 'contact_received',
    variables: [
      v('contactName', false, '陳先生', 'Mr. Chen'),
      v('contactEmail', false, 'chen@example.com'),
      v('contactPhone', false, '0912345678'),
      v('company', false, '大安建設', 'Da-An Development'),
      v('message', false, '想詢問透天厝新建工程的報價與工期。', 'We would like a quote and a schedule for a new house.'),
      link(false, '/admin/contact?entry=1'),
    ],
    defaults: {
      'zh-TW': {
        subject: '網站聯絡表單：{{contactName}}',
        html: `<p>網站收到一則新的聯絡訊息：</p><p>姓名：{{contactName}}<br>電子郵件：{{contactEmail}}<br>電話：{{contactPhone}}<br>公司：{{company}}</p><p>{{message}}</p>${button('{{link}}', '在後台處理')}`,
      },
      'en-US': {
        subject: 'Website contact: {{contactName}}',
        html: `<p>The website received a new contact message:</p><p>Name: {{contactName}}<br>Email: {{contactEmail}}<br>Phone: {{contactPhone}}<br>Company: {{company}}</p><p>{{message}}</p>${button('{{link}}', 'Handle it in the back office')}`,
      },
    },
  },
  {
    // Issue 12: a member of the website confirms the e-mail it signed up with.
    name: 'member_confirmation',
    variables: [v('name', false, '王小明', 'Alex Chen'), link(true, '/member/confirm?token=…', 'site'), v('expiresInHours', false, '72')],
    defaults: {
      'zh-TW': {
        subject: '請確認您在 {{appName}} 的電子郵件',
        html: `<p>{{name}} 您好：</p><p>感謝您註冊成為 {{appName}} 的會員。請在 {{expiresInHours}} 小時內點選下方按鈕確認這個電子郵件地址，確認後即可登入。</p>${button('{{link}}', '確認電子郵件')}<p>若您沒有註冊，請忽略這封信。</p>`,
      },
      'en-US': {
        subject: 'Confirm your e-mail for {{appName}}',
        html: `<p>Hello {{name}},</p><p>Thank you for signing up as a member of {{appName}}. Use the button below within {{expiresInHours}} hours to confirm this e-mail address; then you can sign in.</p>${button('{{link}}', 'Confirm my e-mail')}<p>If you did not sign up, ignore this mail.</p>`,
      },
    },
  },
  {
    // Issue 26: an admin's or a member's new e-mail proves itself with this code (or its link) before it replaces the old one.
    name: 'email_change_code',
    variables: [
      v('name', false, '王小明', 'Alex Chen'),
      v('newEmail', false, 'new@example.com'),
      v('code', true, '246810'),
      link(true, '/admin/profile?email_code=246810'),
      v('expiresInMinutes', false, '30'),
    ],
    defaults: {
      'zh-TW': {
        subject: '確認您在 {{appName}} 的新電子郵件',
        html: `<p>{{name}} 您好：</p><p>您要求把 {{appName}} 帳號的電子郵件改為 {{newEmail}}。請在 {{expiresInMinutes}} 分鐘內登入後點選下方按鈕，或在個人資料頁輸入這組確認碼：</p>${code('code')}${button('{{link}}', '確認新的電子郵件')}<p>確認之前，您的帳號仍使用原本的電子郵件。若不是您本人提出的要求，請忽略這封信。</p>`,
      },
      'en-US': {
        subject: 'Confirm your new e-mail for {{appName}}',
        html: `<p>Hello {{name}},</p><p>You asked to change the e-mail of your {{appName}} account to {{newEmail}}. Within {{expiresInMinutes}} minutes, sign in and use the button below, or type this code on your profile:</p>${code('code')}${button('{{link}}', 'Confirm my new e-mail')}<p>Until you confirm, your account keeps its current e-mail. If you did not ask for this, ignore this mail.</p>`,
      },
    },
  },
  {
    // Issue 26: the current address hears of a requested change, so its owner can cancel one they did not make.
    name: 'email_change_notice',
    variables: [v('name', false, '王小明', 'Alex Chen'), v('newEmail', false, 'new@example.com')],
    defaults: {
      'zh-TW': {
        subject: '{{appName}} 帳號的電子郵件變更要求',
        html: `<p>{{name}} 您好：</p><p>有人要求把您 {{appName}} 帳號的電子郵件改為 {{newEmail}}。新地址確認之前，帳號仍使用這個電子郵件。</p><p>若是您本人，不需要做任何事。若不是，請登入後在個人資料頁取消這項變更，並立即變更密碼；有任何問題，請來信 {{supportEmail}}。</p>`,
      },
      'en-US': {
        subject: 'E-mail change requested for your {{appName}} account',
        html: `<p>Hello {{name}},</p><p>Someone asked to change the e-mail of your {{appName}} account to {{newEmail}}. Until the new address is confirmed, the account keeps this e-mail.</p><p>If it was you, there is nothing to do. If not, sign in, cancel the change on your profile and change your password now; questions go to {{supportEmail}}.</p>`,
      },
    },
  },
  {
    // Issue 41: to the approvers when an item is sent to review, to its author on approval, return or comment.
    name: 'review_notice',
    variables: [
      v('name', false, '王小明', 'Alex Chen'),
      v('event', false, '送審', 'sent to review'),
      v('itemTitle', false, '工安週活動', 'Safety week'),
      v('actorName', false, '林經理', 'Manager Lin'),
      v('note', false, '請確認活動日期。', 'Please check the dates.'),
      link(false, '/admin/reviews/page/12'),
    ],
    defaults: {
      'zh-TW': {
        subject: '{{appName}} 審核：{{itemTitle}} {{event}}',
        html: `<p>{{name}} 您好：</p><p>「{{itemTitle}}」{{event}}（{{actorName}}）。</p><p>{{note}}</p>${button('{{link}}', '查看審核')}`,
      },
      'en-US': {
        subject: '{{appName}} review: {{itemTitle}} {{event}}',
        html: `<p>Hello {{name}},</p><p>"{{itemTitle}}" was {{event}} ({{actorName}}).</p><p>{{note}}</p>${button('{{link}}', 'Open the review')}`,
      },
    },
  },
  {
    // Issue 28: each Taipei day's (issue 34: or hour's) head of the audit chain, mailed to be kept outside this server.
    name: 'audit_anchor',
    variables: [v('day', false, '2026-11-26'), v('hash', false, '9f2c…e41a'), v('lastId', false, '18234'), v('entries', false, '18234')],
    defaults: {
      'zh-TW': {
        subject: '{{appName}} 稽核鏈錨點 {{day}}',
        html: `<p>{{appName}} 的稽核紀錄在 {{day}}（台北時間）結束時：</p><p>最後一筆：#{{lastId}}，共 {{entries}} 筆<br>雜湊值：<code>{{hash}}</code></p><p>請保存這封信。日後執行 <code>npm run cli -- verify-audit</code> 時，可比對這個值，確認這一天以前的紀錄沒有被改寫。</p>`,
      },
      'en-US': {
        subject: '{{appName}} audit chain anchor {{day}}',
        html: `<p>The audit log of {{appName}} at the end of {{day}} (Taipei):</p><p>Last entry: #{{lastId}}, {{entries}} entries in all<br>Hash: <code>{{hash}}</code></p><p>Keep this mail. Comparing it later with <code>npm run cli -- verify-audit</code> shows that no entry up to that day was rewritten.</p>`,
      },
    },
  },
  {
    // Issue 34: a check (the daily job, the CLI or the screen) found the chain broken: every active super admin hears of it.
    name: 'audit_chain_broken',
    variables: [
      v('entryId', false, '18234'),
      v('problem', false, 'altered'),
      v('checkedAt', false, '2026-11-26T16:10:00.000Z'),
      v('checkedBy', false, 'daily'),
    ],
    defaults: {
      'zh-TW': {
        subject: '{{appName}} 稽核鏈中斷：第 {{entryId}} 筆',
        html: `<p>{{appName}} 的稽核鏈驗證（{{checkedBy}}，{{checkedAt}}）在第 {{entryId}} 筆紀錄發現問題：<code>{{problem}}</code>。</p><p>這表示資料庫中的稽核紀錄可能被直接修改、刪除或插入。請到後台的稽核紀錄頁查看，並以 <code>npm run cli -- verify-audit</code> 與保存在伺服器以外的錨點比對。</p>`,
      },
      'en-US': {
        subject: '{{appName}} audit chain broken at entry {{entryId}}',
        html: `<p>A check of the audit chain of {{appName}} ({{checkedBy}}, {{checkedAt}}) found entry {{entryId}} does not hold: <code>{{problem}}</code>.</p><p>Audit entries in the database may have been edited, deleted or inserted directly. Open the audit log screen, and compare with the anchors kept outside the server using <code>npm run cli -- verify-audit</code>.</p>`,
      },
    },
  },
  {
    // Issue 38: the daily digest of a site office's due items (docs/compliance.md "Reminders"), grouped by site.
    name: 'compliance_due',
    variables: [
      v('name', false, '王小明', 'Alex Chen'),
      v('organizationName', false, '大安營造', 'Da-An Construction'),
      v('count', false, '3'),
      v('days', false, '30'),
      v(
        'items',
        false,
        '【信義區住宅新建工程】\n陳大明｜一般健康檢查｜已過期 11 天（2026-11-20）\n林志強｜勞工保險｜缺少紀錄',
        '[Xinyi housing]\nDaming Chen | General health check | overdue by 11 d (2026-11-20)\nZhiqiang Lin | Labour insurance | no record',
      ),
      link(false, '/admin/compliance'),
    ],
    defaults: {
      'zh-TW': {
        subject: '{{organizationName}}：{{count}} 項工地法規事項需要處理',
        html: `<p>{{name}} 您好：</p><p>{{organizationName}} 的工地有 {{count}} 項人員法規事項已逾期、缺少紀錄，或將在 {{days}} 天內到期：</p><p>{{items}}</p>${button('{{link}}', '查看法規儀表板')}<p>這是依系統中的紀錄計算的提醒，不是法律意見。</p>`,
      },
      'en-US': {
        subject: '{{organizationName}}: {{count}} site compliance items need attention',
        html: `<p>Hello {{name}},</p><p>The sites of {{organizationName}} have {{count}} items for their workers that are overdue, lack a record, or fall due within {{days}} days:</p><p>{{items}}</p>${button('{{link}}', 'Open the compliance dashboard')}<p>This reminder is computed from the records kept in the system; it is not legal advice.</p>`,
      },
    },
  },
  {
    // Issue 38: the same digest for a subcontractor's contact, naming only its own workers; it has no account, so no link.
    name: 'compliance_due_contractor',
    variables: [
      v('name', false, '陳經理', 'Mr. Chen'),
      v('contractorName', false, '永信工程行', 'Yongxin Engineering'),
      v('organizationName', false, '大安營造', 'Da-An Construction'),
      v('count', false, '2'),
      v('days', false, '30'),
      v(
        'items',
        false,
        '【信義區住宅新建工程】\n陳大明｜一般健康檢查｜已過期 11 天（2026-11-20）',
        '[Xinyi housing]\nDaming Chen | General health check | overdue by 11 d (2026-11-20)',
      ),
    ],
    defaults: {
      'zh-TW': {
        subject: '{{organizationName}}：{{contractorName}} 有 {{count}} 項人員法規事項需要處理',
        html: `<p>{{name}} 您好：</p><p>您在 {{organizationName}} 工地的 {{contractorName}} 人員，有 {{count}} 項法規事項已逾期、缺少紀錄，或將在 {{days}} 天內到期：</p><p>{{items}}</p><p>請安排辦理，並將證明文件交給工地辦公室。</p>`,
      },
      'en-US': {
        subject: '{{organizationName}}: {{count}} compliance items for the workers of {{contractorName}}',
        html: `<p>Hello {{name}},</p><p>The workers of {{contractorName}} on the sites of {{organizationName}} have {{count}} items that are overdue, lack a record, or fall due within {{days}} days:</p><p>{{items}}</p><p>Please arrange them and hand the evidence to the site office.</p>`,
      },
    },
  },
];

export function templateDefinition(name: MailTemplateName): TemplateDefinition {
  const found = TEMPLATES.find((t) => t.name === name);
  if (!found) throw new Error(`Unknown mail template ${name}`);
  return found;
}

export const allVariables = (t: TemplateDefinition) => [...t.variables, ...COMMON_VARIABLES];

/** Where sample links point: PUBLIC_URL for the back office's links, the site's URL for the website's. */
export interface SampleOrigins {
  app: string;
  site: string;
}

/** A template's sample values (preview, test mail): its links on this server's own addresses, never example.com. */
export function sampleValues(def: TemplateDefinition, locale: MailLocale, origins: SampleOrigins): Record<string, string> {
  return Object.fromEntries(def.variables.map((x) => [x.name, x.link ? `${origins[x.link]}${x.sample[locale]}` : x.sample[locale]]));
}
