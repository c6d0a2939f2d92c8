import type { GateReason } from '../schemas/gate.ts';

export type GateLanguage = 'zh-TW' | 'en-US';

/**
 * A gate reason in words (the gate screen, the entry log, the attendance workbook): 「健康檢查逾期 2 個月」,
 * 「未投保職災保險」, 「不在本工地名冊」. Overdue spans of 60 days or more are said in months, else in days.
 */
export function gateReasonText(r: GateReason, lang: GateLanguage): string {
  const zh = lang === 'zh-TW';
  const title = r.rule_title?.[lang] ?? r.rule_key ?? '';
  switch (r.code) {
    case 'pass_unknown':
      return zh ? '查無此通行證' : 'No such pass';
    case 'pass_revoked':
      return zh ? '通行證已停用' : 'This pass has been revoked';
    case 'pass_other_organization':
      return zh ? '非本公司通行證' : 'A pass of another company';
    case 'pass_other_site':
      return zh ? '非本工地通行證' : 'A pass for another site';
    case 'not_on_roster':
      return zh ? '不在本工地名冊' : 'Not on this site’s roster';
    case 'site_closed':
      return zh ? '工地未在施工中' : 'The site is not active';
    case 'snapshot_stale':
      return zh ? `離線資料已超過 ${r.detail ?? '24'} 小時未更新` : `Offline data is ${r.detail ?? '24'} hours old`;
    case 'rule':
      if (r.status === 'overdue') {
        const d = r.overdue_days ?? 0;
        if (d >= 60) {
          const m = Math.floor(d / 30);
          return zh ? `${title}逾期 ${m} 個月` : `${title}: ${m} months overdue`;
        }
        if (d === 0) return zh ? `${title}已逾期` : `${title}: overdue`;
        return zh ? `${title}逾期 ${d} 天` : `${title}: ${d} days overdue`;
      }
      if (r.status === 'missing') {
        if (r.rule_key?.includes('insurance')) return zh ? `未投保${title}` : `Not insured: ${title}`;
        return zh ? `未有${title}紀錄` : `${title}: nothing recorded`;
      }
      if (r.status === 'cannot_tell') return zh ? `${title}：資料不足，無法判斷` : `${title}: cannot be told from the record`;
      return title;
  }
}
