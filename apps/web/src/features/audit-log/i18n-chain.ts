import { addTranslations } from '../../i18n/index.ts';

/** The audit chain's words on the audit log screen (docs/audit-log.md "The chain"). */
addTranslations('audit-chain', {
  'zh-TW': {
    heading: '稽核鏈',
    never: '尚未驗證過稽核鏈。',
    intact: '稽核鏈完整：{{time}} 驗證了 {{entries}} 筆紀錄（{{by}}）。',
    broken: '稽核鏈在第 {{id}} 筆紀錄中斷（{{problemLabel}}）：{{time}} 驗證（{{by}}）。',
    brokenNoId: '稽核鏈中斷（{{problemLabel}}）：{{time}} 驗證（{{by}}）。',
    anchor: '最近的每日錨點：{{day}}，第 {{id}} 筆。',
    verify: '立即驗證',
    verifying: '驗證中…',
    loadFailed: '無法讀取稽核鏈狀態',
    by: { daily: '每日排程', cli: '命令列', admin: '管理員' },
    problem: {
      altered: '內容被修改',
      unchained: '有未串接的紀錄',
      missing_before: '前一筆紀錄被刪除',
      inserted: '有插入的紀錄',
      reordered: '紀錄順序被調動',
      head_mismatch: '最新的紀錄被刪除或新增',
      anchor_mismatch: '與每日錨點不符',
    },
  },
  'en-US': {
    heading: 'Audit chain',
    never: 'The audit chain has not been verified yet.',
    intact: 'The audit chain is intact: {{entries}} entries verified {{time}} ({{by}}).',
    broken: 'The audit chain is broken at entry {{id}} ({{problemLabel}}): verified {{time}} ({{by}}).',
    brokenNoId: 'The audit chain is broken ({{problemLabel}}): verified {{time}} ({{by}}).',
    anchor: 'Latest daily anchor: {{day}}, entry {{id}}.',
    verify: 'Verify now',
    verifying: 'Verifying…',
    loadFailed: 'Could not read the state of the audit chain',
    by: { daily: 'daily job', cli: 'command line', admin: 'an administrator' },
    problem: {
      altered: 'an entry was edited',
      unchained: 'an entry is not chained',
      missing_before: 'an entry before it was deleted',
      inserted: 'an entry was inserted',
      reordered: 'entries were moved',
      head_mismatch: 'the newest entries were deleted or added',
      anchor_mismatch: 'it differs from a daily anchor',
    },
  },
});
